import { useNavigate } from '@tanstack/react-router'
import { DayFilter } from '~/components/lists/day-filter'
import { FilterToolbar } from '~/components/lists/filter-toolbar'
import { rangeChecks } from '~/components/lists/range-checks'
import { useAppliedSearch } from '~/components/lists/use-applied-search'
import { useTextFilter } from '~/components/lists/use-text-filter'
import { Select, SelectItem } from '~/components/ui/select'
import { visitFromRangeMessage, visitRangeMessage } from '~/contracts/visits'
import type { VisitsSearch } from './search'

const any = 'any'

/**
 * The visits list's toolbar: every filter writes itself into the address (the page goes back to 1), so
 * the view can be shared, reloaded and undone with Back; on a phone all but the member's name fold away.
 */
export function VisitFilters(props: { search: VisitsSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search, gyms } = props
  const navigate = useNavigate()
  const { apply, latest } = useAppliedSearch(search, (next, replace) =>
    navigate({ to: '/console/visits', search: next, replace }),
  )
  const dayChecks = rangeChecks(() => ({ from: latest().from, to: latest().to }), {
    from: visitFromRangeMessage,
    to: visitRangeMessage,
  })
  const [text, setText] = useTextFilter(search.search, (settled) => void apply({ search: settled }, true))

  return (
    <FilterToolbar
      search={search}
      textLabel="Member’s name or e-mail"
      text={text}
      onTextChange={setText}
      onClear={() => {
        setText('')
        void navigate({ to: '/console/visits', search: { sort: search.sort } })
      }}
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
        <DayFilter
          label="From"
          value={search.from}
          onChange={(day) => apply({ from: day })}
          check={dayChecks.from}
        />
        <DayFilter label="To" value={search.to} onChange={(day) => apply({ to: day })} check={dayChecks.to} />
      </div>
    </FilterToolbar>
  )
}
