import { useNavigate } from '@tanstack/react-router'
import { SlidersHorizontal, X } from 'lucide-react'
import { useId, useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { DayFilter } from '~/components/lists/day-filter'
import { useTextFilter } from '~/components/lists/use-text-filter'
import { Button, buttonStyles } from '~/components/ui/button'
import { Select, SelectItem } from '~/components/ui/select'
import { TextField } from '~/components/ui/text-field'
import type { VisitsSearch } from './search'

const any = 'any'

function activeFilterCount(search: VisitsSearch): number {
  const { sort: _sort, page: _page, search: _text, ...filters } = search
  return Object.values(filters).filter((value) => value !== undefined).length
}

export function hasVisitFilters(search: VisitsSearch): boolean {
  return activeFilterCount(search) > 0 || search.search !== undefined
}

/**
 * The visits list's toolbar: every filter writes itself into the address (the page goes back to 1), so
 * the view can be shared, reloaded and undone with Back; on a phone all but the member's name fold away.
 */
export function VisitFilters(props: { search: VisitsSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search, gyms } = props
  const navigate = useNavigate()
  const panelId = useId()
  const [showAll, setShowAll] = useState(false)
  const apply = (changes: Partial<VisitsSearch>, replace = false) =>
    navigate({ to: '/console/visits', search: { ...search, ...changes, page: undefined }, replace })
  const [text, setText] = useTextFilter(search.search, (settled) => void apply({ search: settled }, true))
  const active = activeFilterCount(search)

  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-end gap-3">
        <TextField
          label="Member’s name or e-mail"
          type="search"
          value={text}
          onChange={setText}
          maxLength={200}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        <ToggleButton
          isSelected={showAll}
          onChange={setShowAll}
          aria-controls={panelId}
          aria-expanded={showAll}
          className={buttonStyles({ variant: 'secondary', className: 'sm:hidden' })}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </ToggleButton>
      </div>
      <div
        id={panelId}
        className={`${showAll ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
      >
        <Select
          label="Result"
          value={search.successful === undefined ? any : search.successful ? 'entered' : 'refused'}
          onChange={(key) => apply({ successful: key === any ? undefined : key === 'entered' })}
        >
          <SelectItem id={any}>Entered and refused</SelectItem>
          <SelectItem id="entered">Entered</SelectItem>
          <SelectItem id="refused">Refused</SelectItem>
        </Select>
        {gyms.length > 1 ? (
          <Select
            label="Gym"
            value={search.gym_id ?? any}
            onChange={(key) => apply({ gym_id: key === any ? undefined : Number(key) })}
          >
            <SelectItem id={any}>All my gyms</SelectItem>
            {gyms.map((gym) => (
              <SelectItem key={gym.id} id={gym.id}>
                {gym.name}
              </SelectItem>
            ))}
          </Select>
        ) : null}
        <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-4">
          <DayFilter label="From" value={search.from} onChange={(day) => apply({ from: day })} />
          <DayFilter label="To" value={search.to} onChange={(day) => apply({ to: day })} />
        </div>
      </div>
      {hasVisitFilters(search) ? (
        <div>
          <Button
            variant="quiet"
            size="sm"
            onPress={() => {
              setText('')
              void navigate({ to: '/console/visits', search: { sort: search.sort } })
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  )
}
