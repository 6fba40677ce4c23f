import { SlidersHorizontal, X } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { AmountFilter } from '~/components/lists/amount-filter'
import { DayFilter } from '~/components/lists/day-filter'
import type {
  AmountRangeFilter,
  ChoiceFilter,
  DayRangeFilter,
  ListFilter,
} from '~/components/lists/list-filters'
import { rangeChecks } from '~/components/lists/range-checks'
import { useAppliedSearch } from '~/components/lists/use-applied-search'
import { useTextFilter } from '~/components/lists/use-text-filter'
import { useHeldUntilLive } from '~/components/ui/before-load'
import { Button, buttonStyles } from '~/components/ui/button'
import { Select, SelectItem } from '~/components/ui/select'
import { TextField } from '~/components/ui/text-field'

/** The address of a list: its filters, and maybe its text, sort and page. */
export interface ListSearch {
  search?: string | undefined
  sort?: string | undefined
  page?: number | undefined
}

/** Writes a list's address (`replace` for the text filter's keys, so Back skips them). */
export type ListNavigate<S> = (search: S, replace: boolean) => unknown

/** How many filters narrow a list (its sort, page and text don't count here). */
export function activeFilterCount(search: object): number {
  return Object.entries(search).filter(
    ([key, value]) => key !== 'sort' && key !== 'page' && key !== 'search' && value !== undefined,
  ).length
}

/** Whether any filter, the text included, narrows a list. */
export function hasListFilters(search: ListSearch): boolean {
  return activeFilterCount(search) > 0 || search.search !== undefined
}

/** The address without its filters: the list's sort alone when `keepSort`, else nothing. */
export function withoutFilters<S extends ListSearch>(search: S, options: { keepSort: boolean }): S {
  const cleared = { ...search }
  for (const key of Object.keys(cleared)) {
    if (key !== 'sort' || !options.keepSort) Reflect.deleteProperty(cleared, key)
  }
  return cleared
}

const any = 'any'

/**
 * A list's filter toolbar: every filter writes itself into the address (the page goes back to 1), so the
 * view can be shared, reloaded and undone with Back. With a text filter (members, payments, visits,
 * staff) the text field comes first, and the other filters fold away behind "Filters (n)" on a phone so
 * the list is on the first screen; "Clear filters" while any filter narrows the list. Without one
 * (webhooks) the choices stand in one row.
 */
export function FilterToolbar<S extends ListSearch>(props: {
  search: S
  navigate: ListNavigate<S>
  /** The text filter's label; the text is the address's `search`. */
  textLabel?: string
  filters: Array<ListFilter<S>>
}) {
  const { search, navigate } = props
  const { apply, latest } = useAppliedSearch(search, navigate)
  const choices = props.filters.flatMap((filter) =>
    filter.kind === 'choice' && filter.shown ? [filter] : [],
  )
  const ranges = props.filters.flatMap((filter) => (filter.kind === 'choice' ? [] : [filter]))
  const fields = (
    <>
      {choices.map((filter) => (
        <ChoiceField key={filter.label} filter={filter} search={search} onChange={apply} />
      ))}
      {ranges.length > 0 ? (
        <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-4">
          {ranges.map((range) =>
            range.kind === 'days' ? (
              <DayRange key={range.labels.from} range={range} search={search} latest={latest} apply={apply} />
            ) : (
              <AmountRange
                key={range.labels.from}
                range={range}
                search={search}
                latest={latest}
                apply={apply}
              />
            ),
          )}
        </div>
      ) : null}
    </>
  )
  if (props.textLabel === undefined) {
    return (
      <section
        aria-label="Filters"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
      >
        {fields}
      </section>
    )
  }
  return (
    <TextFilterToolbar
      search={search}
      textLabel={props.textLabel}
      applyText={(text) => apply((applied) => ({ ...applied, search: text }), true)}
      onClear={() => navigate(withoutFilters(search, { keepSort: true }), false)}
    >
      {fields}
    </TextFilterToolbar>
  )
}

interface RangeProps<S, Filter> {
  range: Filter
  search: S
  /** The address applied last (`useAppliedSearch`), which the range's checks read. */
  latest: () => S
  apply: (change: (applied: S) => S) => unknown
}

function DayRange<S>({ range, search, latest, apply }: RangeProps<S, DayRangeFilter<S>>) {
  const checks = rangeChecks(() => range.get(latest()), range.messages)
  const current = range.get(search)
  return (
    <>
      <DayFilter
        label={range.labels.from}
        value={current.from}
        onChange={(day) => apply((applied) => range.set(applied, 'from', day))}
        check={checks.from}
      />
      <DayFilter
        label={range.labels.to}
        value={current.to}
        onChange={(day) => apply((applied) => range.set(applied, 'to', day))}
        check={checks.to}
      />
    </>
  )
}

function AmountRange<S>({ range, search, latest, apply }: RangeProps<S, AmountRangeFilter<S>>) {
  const checks = rangeChecks(() => range.get(latest()), range.messages)
  const current = range.get(search)
  return (
    <>
      <AmountFilter
        label={range.labels.from}
        cents={current.from}
        max={range.max}
        onChange={(cents) => apply((applied) => range.set(applied, 'from', cents))}
        check={checks.from}
      />
      <AmountFilter
        label={range.labels.to}
        cents={current.to}
        max={range.max}
        onChange={(cents) => apply((applied) => range.set(applied, 'to', cents))}
        check={checks.to}
      />
    </>
  )
}

function ChoiceField<S>(props: {
  filter: ChoiceFilter<S>
  search: S
  onChange: (change: (applied: S) => S) => unknown
}) {
  const { filter } = props
  return (
    <Select
      label={filter.label}
      value={filter.selected(props.search) ?? any}
      onChange={(key) => props.onChange((applied) => filter.choose(applied, key ?? any))}
    >
      <SelectItem id={any}>{filter.any}</SelectItem>
      {filter.options.map((option) => (
        <SelectItem key={option.id} id={option.id}>
          {option.label}
        </SelectItem>
      ))}
    </Select>
  )
}

function TextFilterToolbar(props: {
  search: ListSearch
  textLabel: string
  applyText: (text: string | undefined) => unknown
  onClear: () => unknown
  children: ReactNode
}) {
  const panelId = useId()
  const [showAll, setShowAll] = useState(false)
  // Pressed before the page's code ran: the filters open once it runs (ADR 058).
  const held = useHeldUntilLive<HTMLButtonElement>('press')
  const [text, setText] = useTextFilter(props.search.search, (settled) => void props.applyText(settled))
  const active = activeFilterCount(props.search)
  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-end gap-3">
        <TextField
          label={props.textLabel}
          type="search"
          value={text}
          onChange={setText}
          maxLength={200}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        <ToggleButton
          {...held.mark}
          ref={held.ref}
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
        {props.children}
      </div>
      {hasListFilters(props.search) ? (
        <div>
          <Button
            variant="quiet"
            size="sm"
            onPress={() => {
              setText('')
              void props.onClear()
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
