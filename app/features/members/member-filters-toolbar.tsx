import { useNavigate } from '@tanstack/react-router'
import { DayFilter } from '~/components/lists/day-filter'
import { FilterToolbar } from '~/components/lists/filter-toolbar'
import { rangeChecks } from '~/components/lists/range-checks'
import { useAppliedSearch } from '~/components/lists/use-applied-search'
import { useTextFilter } from '~/components/lists/use-text-filter'
import { Select, SelectItem } from '~/components/ui/select'
import { type MemberFilterState, memberFilterStates } from '~/contracts/member-filters'
import { memberFilterStateLabels } from '~/contracts/member-states'
import { joinedFromRangeMessage, joinedRangeMessage, type MemberFilterOptions } from '~/contracts/members'
import type { MembersSearch } from './search'

const notVisitedChoices = [7, 14, 30, 60, 90] as const

const any = 'any'

/**
 * The list's toolbar: every filter writes itself into the address (the page goes back to 1), so the view
 * can be shared, reloaded, and undone with Back. The text filter waits for the person to stop typing and
 * replaces the address rather than adding a step per key.
 */
export function MemberFilters(props: { search: MembersSearch; options: MemberFilterOptions }) {
  const { search, options } = props
  const navigate = useNavigate()
  const { apply, latest } = useAppliedSearch(search, (next, replace) =>
    navigate({ to: '/console/members', search: next, replace }),
  )
  const joinedChecks = rangeChecks(() => ({ from: latest().joined_from, to: latest().joined_to }), {
    from: joinedFromRangeMessage,
    to: joinedRangeMessage,
  })

  const [text, setText] = useTextFilter(search.search, (settled) => void apply({ search: settled }, true))

  return (
    <FilterToolbar
      search={search}
      textLabel="Name, e-mail or mobile"
      text={text}
      onTextChange={setText}
      onClear={() => {
        setText('')
        void navigate({ to: '/console/members', search: { sort: search.sort } })
      }}
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
        <DayFilter
          label="Joined from"
          value={search.joined_from}
          onChange={(day) => apply({ joined_from: day })}
          check={joinedChecks.from}
        />
        <DayFilter
          label="Joined to"
          value={search.joined_to}
          onChange={(day) => apply({ joined_to: day })}
          check={joinedChecks.to}
        />
      </div>
    </FilterToolbar>
  )
}
