import { useNavigate } from '@tanstack/react-router'
import { SlidersHorizontal, X } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { Button, buttonStyles } from '~/components/ui/button'
import { DateField } from '~/components/ui/date-field'
import { Select, SelectItem } from '~/components/ui/select'
import { TextField } from '~/components/ui/text-field'
import { useDebouncedValue } from '~/features/shell/use-debounced-value'
import { isRealDay } from '~/lib/calendar-days'
import type { MemberFilterOptions } from './contract'
import { type MemberFilterState, memberFilterStates } from './member-filters'
import { memberFilterStateLabels } from './member-states'
import type { MembersSearch } from './search'

/** How long the text filter waits after the last key before it asks (the global search waits 600 ms). */
const SEARCH_DELAY_MS = 400

const notVisitedChoices = [7, 14, 30, 60, 90] as const

const any = 'any'

/** How many filters narrow the list (the sort and page don't); the text counts as one. */
function activeFilterCount(search: MembersSearch): number {
  const { sort: _sort, page: _page, search: _text, ...filters } = search
  return Object.values(filters).filter((value) => value !== undefined).length
}

/** Whether any filter narrows the list. */
export function hasFilters(search: MembersSearch): boolean {
  return activeFilterCount(search) > 0 || search.search !== undefined
}

/**
 * The list's toolbar: every filter writes itself into the address (the page goes back to 1), so the view
 * can be shared, reloaded, and undone with Back. The text filter waits for the person to stop typing and
 * replaces the address rather than adding a step per key.
 */
export function MemberFilters(props: { search: MembersSearch; options: MemberFilterOptions }) {
  const { search, options } = props
  const navigate = useNavigate()
  const panelId = useId()
  const [showAll, setShowAll] = useState(false)
  const apply = (changes: Partial<MembersSearch>, replace = false) =>
    navigate({ to: '/console/members', search: { ...search, ...changes, page: undefined }, replace })

  const [text, setText] = useState(search.search ?? '')
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS)
  // Back or a link may change the address's text: the field follows it.
  const [seen, setSeen] = useState(search.search)
  if (seen !== search.search) {
    setSeen(search.search)
    setText(search.search ?? '')
  }
  // Only a settled change of the text asks again; the address's other filters are read as they are then.
  const applyText = useEffectEvent((settled: string) => {
    if (settled !== (search.search ?? '')) void apply({ search: settled || undefined }, true)
  })
  useEffect(() => applyText(typed), [typed])

  const active = activeFilterCount(search)
  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-end gap-3">
        <TextField
          label="Name, e-mail or mobile"
          type="search"
          value={text}
          onChange={setText}
          maxLength={200}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        {/* On a phone the other filters fold away behind this, so the list is on the first screen. */}
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
          label="State"
          value={search.state ?? any}
          onChange={(key) => apply({ state: key === any ? undefined : (key as MemberFilterState) })}
        >
          <SelectItem id={any}>Any state</SelectItem>
          {memberFilterStates.map((state) => (
            <SelectItem key={state} id={state}>
              {memberFilterStateLabels[state]}
            </SelectItem>
          ))}
        </Select>
        {options.gyms.length > 1 ? (
          <Select
            label="Gym"
            value={search.gym_id ?? any}
            onChange={(key) => apply({ gym_id: key === any ? undefined : Number(key) })}
          >
            <SelectItem id={any}>All my gyms</SelectItem>
            {options.gyms.map((gym) => (
              <SelectItem key={gym.id} id={gym.id}>
                {gym.name}
              </SelectItem>
            ))}
          </Select>
        ) : null}
        <Select
          label="Offering"
          value={search.offering_id ?? any}
          onChange={(key) => apply({ offering_id: key === any ? undefined : Number(key) })}
        >
          <SelectItem id={any}>Any offering</SelectItem>
          {options.offerings.map((offering) => (
            <SelectItem key={offering.id} id={offering.id}>
              {offering.name}
            </SelectItem>
          ))}
        </Select>
        {options.tags.length > 0 || search.tag !== undefined ? (
          <Select
            label="Tag"
            value={search.tag ?? any}
            onChange={(key) => apply({ tag: key === any ? undefined : String(key) })}
          >
            <SelectItem id={any}>Any tag</SelectItem>
            {options.tags.map((tag) => (
              <SelectItem key={tag} id={tag}>
                {tag}
              </SelectItem>
            ))}
            {search.tag !== undefined && !options.tags.includes(search.tag) ? (
              <SelectItem id={search.tag}>{search.tag}</SelectItem>
            ) : null}
          </Select>
        ) : null}
        <Select
          label="Not visited for"
          value={search.not_visited_days ?? any}
          onChange={(key) => apply({ not_visited_days: key === any ? undefined : Number(key) })}
        >
          <SelectItem id={any}>Any time</SelectItem>
          {notVisitedChoices.map((days) => (
            <SelectItem key={days} id={days}>
              {`${days} days or more`}
            </SelectItem>
          ))}
          {search.not_visited_days !== undefined &&
          !(notVisitedChoices as readonly number[]).includes(search.not_visited_days) ? (
            <SelectItem id={search.not_visited_days}>{`${search.not_visited_days} days or more`}</SelectItem>
          ) : null}
        </Select>
        {options.sees_money ? (
          <Select
            label="Balance"
            value={search.owing === undefined ? any : search.owing ? 'owing' : 'paid'}
            onChange={(key) => apply({ owing: key === any ? undefined : key === 'owing' })}
          >
            <SelectItem id={any}>Any balance</SelectItem>
            <SelectItem id="owing">Owes money</SelectItem>
            <SelectItem id="paid">Owes nothing</SelectItem>
          </Select>
        ) : null}
        <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-4">
          <JoinedDay
            label="Joined from"
            value={search.joined_from}
            onChange={(day) => apply({ joined_from: day })}
          />
          <JoinedDay
            label="Joined to"
            value={search.joined_to}
            onChange={(day) => apply({ joined_to: day })}
          />
        </div>
      </div>
      {hasFilters(search) ? (
        <div>
          <Button
            variant="quiet"
            size="sm"
            onPress={() => {
              setText('')
              void navigate({ to: '/console/members', search: { sort: search.sort } })
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

/**
 * A day the list starts or ends at: applied once it is a whole day (or emptied), so half-typed boxes
 * don't ask the server on every digit. A day that doesn't exist is said so under the boxes.
 */
function JoinedDay(props: {
  label: string
  value: string | undefined
  onChange: (day: string | undefined) => void
}) {
  const [draft, setDraft] = useState(props.value ?? '')
  const [seen, setSeen] = useState(props.value)
  if (seen !== props.value) {
    setSeen(props.value)
    setDraft(props.value ?? '')
  }
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(draft)
  const exists = complete && isRealDay(draft)
  return (
    <DateField
      label={props.label}
      value={draft}
      errorMessage={complete && !exists ? 'Value is not a valid date' : undefined}
      onChange={(next) => {
        setDraft(next)
        if (next === '' && props.value !== undefined) props.onChange(undefined)
        else if (/^\d{4}-\d{2}-\d{2}$/.test(next) && isRealDay(next) && next !== props.value)
          props.onChange(next)
      }}
    />
  )
}
