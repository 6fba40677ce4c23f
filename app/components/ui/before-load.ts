import { type Ref, type RefObject, useEffect, useRef } from 'react'
import { mergeRefs } from 'react-aria/mergeRefs'
import { useIsSSR } from 'react-aria/SSRProvider'

/**
 * Nothing a person does before the page's code runs is lost (issue 30, ADR 058). The server's HTML shows
 * well before its code has arrived on a slow phone, and a person acts on it. Every control the kit draws
 * says, until its own code has taken it over, what becomes of what is done to it, in one attribute the
 * server renders and the control drops once it is live (`useLive`):
 *
 * - `data-awaits-code="submit"` (a form, `scripted-form.tsx`): a press on its button is held and the
 *   form is sent once its code runs (`useHeldUntilLive`), with what was typed meanwhile (the fields take
 *   it over, `useTextTypedBeforeLoad`). The browser never sends the form itself.
 * - `data-awaits-code="press"` (a button, `button.tsx`): the press is held, the button shows it is
 *   waiting (`data-held`: a progress cursor, dimmed), and it is pressed once its code runs (`useHeldUntilLive`).
 *   Each control pressed is pressed once, however often it was pressed meanwhile (an impatient second
 *   press is not a second payment), in the order the controls come alive.
 * - `data-awaits-code="choice"` (a radio, checkbox or switch): the browser ticks it as usual; once its
 *   code runs the choice is made again through the control, so the page's state follows what the person
 *   sees (`useChoiceUntilLive`). React alone would keep the page's own default and, for a radio, put the
 *   browser's tick back on it.
 * - `data-awaits-code="wait"` (a select, and any control whose early press cannot sensibly be kept: it
 *   would open a list over whatever the person went on to do; a button that opens the file chooser,
 *   which a browser opens only on a person's own press): visibly not yet usable (disabled or
 *   `aria-disabled`, dimmed, a progress cursor) until it works; a press on it meanwhile does nothing.
 *
 * The head script that holds what is done meanwhile is `before-load-script.ts` (in the document's head,
 * `__root.tsx`, so it is there before the first press).
 */
interface EarlyInput {
  /** The forms and buttons pressed before their code ran (each once, however often it was pressed). */
  presses: Set<Element>
  /** Radios and checkboxes changed before their code ran: whether each was left ticked. */
  choices: WeakMap<Element, boolean>
}

declare global {
  interface Window {
    __gymbaseEarly?: EarlyInput
  }
}

export type AwaitsCode = 'submit' | 'press' | 'choice' | 'wait'

/**
 * False while the server renders and while React takes over the server's HTML; true from the render
 * after that, and at once for a control first drawn in the browser (a dialog, the next page): React
 * Aria's own `useIsSSR`, which its overlays already use.
 */
export function useLive(): boolean {
  return !useIsSSR()
}

/** The mark a control carries until its code runs (see above): spread it on the control's element. */
export function awaitsCode(live: boolean, kind: AwaitsCode): { 'data-awaits-code'?: AwaitsCode } {
  return live ? {} : { 'data-awaits-code': kind }
}

/**
 * A radio, checkbox or switch ticked before its code ran is ticked again through its code once live:
 * set to the other state and clicked, so its own `onChange` runs with what the person left it at,
 * whatever the page's code chose meanwhile (a default, a choice remembered on the device). Spread the
 * answer on the React Aria control (`inputRef` and its mark).
 */
export function useChoiceUntilLive() {
  const live = useLive()
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const input = inputRef.current
    const choices = window.__gymbaseEarly?.choices
    if (!live || !input || !choices?.has(input)) return
    input.checked = !choices.get(input)
    choices.delete(input)
    input.click()
  }, [live])
  return { inputRef, ...awaitsCode(live, 'choice') }
}

/**
 * Text typed into a server-rendered box before the page's code has run is in the box, but React never
 * saw it: the form would say "Value is required" beside a filled-in box. Taken over once the code runs
 * (on a slow phone that can be seconds after the page shows).
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

/**
 * For a form or button: its mark until live, and a ref (joined to the caller's, if any) by which a press
 * held meanwhile is made once it is live, once, after what the other controls took over (text typed,
 * ticks) has been drawn, so the press acts on the page the person sees.
 */
export function useHeldUntilLive<T extends HTMLElement>(
  kind: 'submit' | 'press' | 'wait' | undefined,
  outer?: Ref<T> | undefined,
) {
  const live = useLive()
  const own = useRef<T>(null)
  useEffect(() => {
    const element = own.current
    if (!live || !element || !window.__gymbaseEarly?.presses.delete(element)) return
    element.removeAttribute('data-held')
    setTimeout(() => (element instanceof HTMLFormElement ? element.requestSubmit() : element.click()))
  }, [live])
  return { live, ref: mergeRefs(own, outer), mark: kind ? awaitsCode(live, kind) : {} }
}
