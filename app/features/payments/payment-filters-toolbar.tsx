import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { DayFilter } from '~/components/lists/day-filter'
import { FilterToolbar } from '~/components/lists/filter-toolbar'
import { rangeChecks } from '~/components/lists/range-checks'
import { useAppliedSearch } from '~/components/lists/use-applied-search'
import { useTextFilter } from '~/components/lists/use-text-filter'
import { NumberField } from '~/components/ui/number-field'
import { Select, SelectItem } from '~/components/ui/select'
import {
  MAX_FILTER_AMOUNT,
  type PaymentFilterStatus,
  type PaymentFilterType,
  paymentFilterStatuses,
  paymentFilterStatusLabels,
  paymentFilterTypeLabels,
  paymentFilterTypes,
} from '~/contracts/payment-filters'
import {
  amountFromRangeMessage,
  amountRangeMessage,
  dueFromRangeMessage,
  dueRangeMessage,
} from '~/contracts/payments'
import { dollarFieldFormat } from '~/lib/money'
import { messages } from '~/lib/validation'
import type { PaymentsSearch } from './search'

const any = 'any'

/**
 * The payments list's toolbar: every filter writes itself into the address (the page goes back to 1),
 * so the view can be shared, reloaded and undone with Back; on a phone all but the member's name fold
 * away behind Filters.
 */
export function PaymentFilters(props: { search: PaymentsSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search, gyms } = props
  const navigate = useNavigate()
  const { apply, latest } = useAppliedSearch(search, (next, replace) =>
    navigate({ to: '/console/payments', search: next, replace }),
  )
  const dueChecks = rangeChecks(() => ({ from: latest().due_from, to: latest().due_to }), {
    from: dueFromRangeMessage,
    to: dueRangeMessage,
  })
  const amountChecks = rangeChecks(() => ({ from: latest().amount_min, to: latest().amount_max }), {
    from: amountFromRangeMessage,
    to: amountRangeMessage,
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
        void navigate({ to: '/console/payments', search: { sort: search.sort } })
      }}
    >
      <Select
        label="Status"
        value={search.status ?? any}
        onChange={(key) => apply({ status: key === any ? undefined : (key as PaymentFilterStatus) })}
      >
        <SelectItem id={any}>Any status</SelectItem>
        {paymentFilterStatuses.map((status) => (
          <SelectItem key={status} id={status}>
            {paymentFilterStatusLabels[status]}
          </SelectItem>
        ))}
      </Select>
      <Select
        label="Paid by"
        value={search.type ?? any}
        onChange={(key) => apply({ type: key === any ? undefined : (key as PaymentFilterType) })}
      >
        <SelectItem id={any}>Any method</SelectItem>
        {paymentFilterTypes.map((type) => (
          <SelectItem key={type} id={type}>
            {paymentFilterTypeLabels[type]}
          </SelectItem>
        ))}
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
      <Select
        label="Attempt"
        value={search.retries === undefined ? any : search.retries ? 'retries' : 'first'}
        onChange={(key) => apply({ retries: key === any ? undefined : key === 'retries' })}
      >
        <SelectItem id={any}>First tries and retries</SelectItem>
        <SelectItem id="first">First tries only</SelectItem>
        <SelectItem id="retries">Retries only</SelectItem>
      </Select>
      <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-4">
        <DayFilter
          label="Due from"
          value={search.due_from}
          onChange={(day) => apply({ due_from: day })}
          check={dueChecks.from}
        />
        <DayFilter
          label="Due to"
          value={search.due_to}
          onChange={(day) => apply({ due_to: day })}
          check={dueChecks.to}
        />
        <AmountFilter
          label="Amount from"
          cents={search.amount_min}
          onChange={(cents) => apply({ amount_min: cents })}
          check={amountChecks.from}
        />
        <AmountFilter
          label="Amount to"
          cents={search.amount_max}
          onChange={(cents) => apply({ amount_max: cents })}
          check={amountChecks.to}
        />
      </div>
    </FilterToolbar>
  )
}

/**
 * An amount in dollars, applied when the field is left or Enter is pressed (the address holds cents).
 * An amount the filter can't take is said so under the field, never changed into one it can.
 */
function AmountFilter(props: {
  label: string
  cents: number | undefined
  onChange: (cents: number | undefined) => void
  /** Why an amount can't be applied (the other end of the range), said under the field. */
  check?: (cents: number) => string | undefined
}) {
  const [problem, setProblem] = useState<string | undefined>()
  return (
    <NumberField
      label={props.label}
      className="w-40"
      value={props.cents === undefined ? Number.NaN : props.cents / 100}
      errorMessage={problem}
      onChange={(dollars) => {
        if (Number.isNaN(dollars)) {
          setProblem(undefined)
          if (props.cents !== undefined) props.onChange(undefined)
          return
        }
        const cents = Math.round(dollars * 100)
        if (cents < 0) return setProblem('Enter an amount of $0.00 or more')
        if (cents > MAX_FILTER_AMOUNT) return setProblem('Enter an amount up to $1,000,000.00')
        const refusal = props.check?.(cents)
        if (refusal) return setProblem(refusal)
        setProblem(undefined)
        if (cents !== props.cents) props.onChange(cents)
      }}
      onInputRefused={(refused, decimals) => {
        if (refused && decimals !== undefined) setProblem(messages.decimalPlaces(decimals))
      }}
      formatOptions={dollarFieldFormat}
      inputMode="decimal"
    />
  )
}
