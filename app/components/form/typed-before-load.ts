import { type RefObject, useEffect, useRef } from 'react'

/**
 * Text typed into a server-rendered box before the page's code has run is in the box, but React never
 * saw it: the form would say "Value is required" beside a filled-in box. Take it over once the code
 * runs (on a slow phone that can be seconds after the page shows).
 */
export function useTextTypedBeforeLoad(
  inputRef: RefObject<HTMLInputElement | null>,
  onTyped: (text: string) => void,
) {
  // Once, when the box first comes alive (what is typed after that reaches React as usual); the
  // callback is read through a ref because a caller passes a new one on every render.
  const callback = useRef(onTyped)
  callback.current = onTyped
  useEffect(() => {
    const typed = inputRef.current?.value ?? ''
    if (typed !== '') callback.current(typed)
  }, [inputRef])
}
