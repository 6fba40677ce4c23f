import { useEffect, useEffectEvent, useState } from 'react'
import { useDebouncedValue } from '~/components/lists/use-debounced-value'

/** How long a list's text filter waits after the last key before it asks (the global search waits 600 ms). */
const SEARCH_DELAY_MS = 400

/**
 * A list's text filter: the field's own text, applied (`apply`, which replaces the address rather than
 * adding a step per key) once the person stops typing. Back or a link may change the address's text:
 * the field follows it.
 */
export function useTextFilter(current: string | undefined, apply: (text: string | undefined) => void) {
  const [text, setText] = useState(current ?? '')
  const typed = useDebouncedValue(text.trim(), SEARCH_DELAY_MS)
  const [seen, setSeen] = useState(current)
  if (seen !== current) {
    setSeen(current)
    setText(current ?? '')
  }
  // Only a settled change of the text asks again; the address's other filters are read as they are then.
  const applyText = useEffectEvent((settled: string) => {
    if (settled !== (current ?? '')) apply(settled || undefined)
  })
  useEffect(() => applyText(typed), [typed])
  return [text, setText] as const
}
