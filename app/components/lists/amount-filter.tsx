import { useState } from 'react'
import { NumberField } from '~/components/ui/number-field'
import { dollarFieldFormat, formatCents } from '~/lib/money'
import { messages } from '~/lib/validation'

/**
 * An amount in dollars a list's range starts or ends at, applied when the field is left or Enter is
 * pressed (the address holds cents). An amount the filter can't take is said so under the field, never
 * changed into one it can.
 */
export function AmountFilter(props: {
  label: string
  cents: number | undefined
  /** The largest amount the list's readers take, in cents. */
  max: number
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
        if (cents > props.max) return setProblem(`Enter an amount up to ${formatCents(props.max)}`)
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
