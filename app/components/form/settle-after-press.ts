import { useEffect, useReducer, useRef } from 'react'

/** Whether a pointer (mouse, finger, pen) is pressed anywhere on the page right now. */
let pressing = false
let tracking = false

function trackPresses() {
  if (tracking) return
  tracking = true
  const release = () => {
    pressing = false
  }
  window.addEventListener(
    'pointerdown',
    () => {
      pressing = true
    },
    true,
  )
  window.addEventListener('pointerup', release, true)
  window.addEventListener('pointercancel', release, true)
}

/**
 * A field's message as shown. A message that goes while a pointer is pressed stays until the press is
 * over: pressing Save moves the focus out of a number field, which commits the number, which clears
 * its message; without this the form would move up under the pointer between press and release, and
 * the click would land on nothing.
 */
export function useSettledAfterPress(message: string | undefined): string | undefined {
  const held = useRef<string | undefined>(undefined)
  const [, settle] = useReducer((renders: number) => renders + 1, 0)
  const shown = message ?? (pressing ? held.current : undefined)
  held.current = shown

  useEffect(trackPresses, [])
  useEffect(() => {
    if (message !== undefined || shown === undefined) return
    // After the click this press makes, which the browser sends right after the release.
    let timer: ReturnType<typeof setTimeout> | undefined
    const released = () => {
      timer = setTimeout(settle, 0)
    }
    const options = { capture: true, once: true }
    window.addEventListener('pointerup', released, options)
    window.addEventListener('pointercancel', released, options)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('pointerup', released, options)
      window.removeEventListener('pointercancel', released, options)
    }
  }, [message, shown])
  return shown
}
