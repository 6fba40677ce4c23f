import { useState } from 'react'
import { DateField } from '~/components/ui/date-field'
import { isRealDay } from '~/lib/calendar-days'

/**
 * A day a list's range starts or ends at (joined, due, visited): applied once it is a whole day (or
 * emptied), so half-typed boxes don't ask the server on every digit. A day that doesn't exist is said
 * so under the boxes.
 */
export function DayFilter(props: {
  label: string
  value: string | undefined
  onChange: (day: string | undefined) => void
  /**
   * Why a real day can't be applied (the other end of a range), said under the field; the list keeps
   * its filters instead of failing on a range the API refuses.
   */
  check?: (day: string) => string | undefined
}) {
  const [draft, setDraft] = useState(props.value ?? '')
  const [seen, setSeen] = useState(props.value)
  if (seen !== props.value) {
    setSeen(props.value)
    setDraft(props.value ?? '')
  }
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(draft)
  const exists = complete && isRealDay(draft)
  const refusal = exists ? props.check?.(draft) : undefined
  return (
    <DateField
      label={props.label}
      value={draft}
      errorMessage={complete && !exists ? 'Value is not a valid date' : refusal}
      onChange={(next) => {
        setDraft(next)
        if (next === '' && props.value !== undefined) props.onChange(undefined)
        else if (
          /^\d{4}-\d{2}-\d{2}$/.test(next) &&
          isRealDay(next) &&
          next !== props.value &&
          !props.check?.(next)
        )
          props.onChange(next)
      }}
    />
  )
}
