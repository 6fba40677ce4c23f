import { type Ref, type RefObject, useEffect, useRef, useSyncExternalStore } from 'react'

/**
 * Nothing a person does before the page's code runs is lost (issue 30, ADR 058). The server's HTML shows
 * well before its code has arrived on a slow phone, and a person acts on it. Every control the kit draws
 * says, until its own code has taken it over, what becomes of what is done to it, in one attribute the
 * server renders and the control drops once it is live (`useLive`):
 *
 * - `data-awaits-code="submit"` (a form, `scripted-form.tsx`): a press on its button is held and the
 *   form is sent once its code runs (`takeEarlyPress`), with what was typed meanwhile (the fields take
 *   it over, `useTextTypedBeforeLoad`). The browser never sends the form itself.
 * - `data-awaits-code="press"` (a button, `button.tsx`): the press is held, the button shows it is
 *   waiting (`data-held`: a progress cursor, dimmed), and it is pressed once its code runs (`useEarlyPress`).
 *   Each control pressed is pressed once, however often it was pressed meanwhile (an impatient second
 *   press is not a second payment), in the order the controls come alive.
 * - `data-awaits-code="choice"` (a radio, checkbox or switch): the browser ticks it as usual; once its
 *   code runs the choice is made again through the control, so the page's state follows what the person
 *   sees (`useEarlyChoice`). React alone would keep the page's own default and, for a radio, put the
 *   browser's tick back on it.
 * - `data-awaits-code="wait"` (a select, and any control whose early press cannot sensibly be kept: it
 *   would open a list over whatever the person went on to do; a button that opens the file chooser,
 *   which a browser opens only on a person's own press): visibly not yet usable (disabled or
 *   `aria-disabled`, dimmed, a progress cursor) until it works; a press on it meanwhile does nothing.
 *
 * The script below goes in the document's head (`__root.tsx`) so it is there before the first press.
 */
export const beforeLoadScript =
  '(function(){var d=document,early=window.__gymbaseEarly={presses:new Set(),choices:new WeakMap()};' +
  'function awaiting(t,kind){return t&&t.closest?t.closest(\'[data-awaits-code="\'+kind+\'"]\'):null}' +
  "function hold(c){early.presses.add(c);c.setAttribute('data-held','')}" +
  // A tick, even on the radio already ticked (the person chose what they saw), and for a radio in place
  // of any other of its group ticked before.
  "function choose(t){if(!(t.type==='radio'||t.type==='checkbox')||!awaiting(t,'choice'))return false;" +
  "if(t.type==='radio')d.querySelectorAll('input[type=radio]').forEach(function(r){if(r.name===t.name)early.choices.delete(r)});" +
  'early.choices.set(t,t.checked);return true}' +
  "d.addEventListener('submit',function(e){var f=awaiting(e.target,'submit');if(!f)return;e.preventDefault();hold(f)},true);" +
  "d.addEventListener('click',function(e){if(choose(e.target))return;var c=awaiting(e.target,'press')||awaiting(e.target,'wait');if(!c)return;" +
  "e.preventDefault();e.stopPropagation();if(c.getAttribute('data-awaits-code')==='press')hold(c)},true);" +
  "d.addEventListener('change',function(e){choose(e.target)},true)})()"

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

const noSubscription = () => () => {}

/**
 * False while the server renders and while React takes over the server's HTML; true from the render
 * after that, and at once for a control first drawn in the browser (a dialog, the next page).
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** The mark a control carries until its code runs (see above): spread it on the control's element. */
export function awaitsCode(live: boolean, kind: AwaitsCode): { 'data-awaits-code'?: AwaitsCode } {
  return live ? {} : { 'data-awaits-code': kind }
}

/** A press held by the head script for this element is made once the element is live (once). */
export function takeEarlyPress(element: HTMLElement | null) {
  const early = window.__gymbaseEarly
  if (!element || !early?.presses.has(element)) return
  early.presses.delete(element)
  element.removeAttribute('data-held')
  // Once what the other controls took over (text typed, ticks made meanwhile) has been drawn, so the
  // press acts on the page the person sees, not on the state it had a moment before.
  setTimeout(() => {
    if (!element.isConnected) return
    if (element instanceof HTMLFormElement) element.requestSubmit()
    else element.click()
  }, 0)
}

/** Presses the button once it is live if it was pressed before (`data-awaits-code="press"`). */
export function useEarlyPress(ref: RefObject<HTMLElement | null>, live: boolean) {
  useEffect(() => {
    if (live) takeEarlyPress(ref.current)
  }, [ref, live])
}

/**
 * A radio or checkbox changed before its code ran is changed again through its code once live: set to
 * the other state and clicked, so its own `onChange` runs with what the person left it at, whatever the
 * page's code chose meanwhile (a default, a choice remembered on the device).
 */
export function useEarlyChoice(ref: RefObject<HTMLInputElement | null>, live: boolean) {
  useEffect(() => {
    const input = ref.current
    const early = window.__gymbaseEarly
    if (!live || !input || !early?.choices.has(input)) return
    const wanted = early.choices.get(input) ?? input.checked
    early.choices.delete(input)
    input.checked = !wanted
    input.click()
  }, [ref, live])
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

/** One ref callback setting the component's own ref and the caller's. */
export function joinRefs<T>(own: RefObject<T | null>, outer: Ref<T> | undefined) {
  return (node: T | null) => {
    own.current = node
    if (typeof outer === 'function') outer(node)
    else if (outer) outer.current = node
  }
}

/**
 * For a form or button of the kit: its mark until live, and a ref (joined to the caller's, if any) by
 * which a press held meanwhile is made once it is live.
 */
export function useHeldUntilLive<T extends HTMLElement>(
  kind: 'submit' | 'press' | 'wait' | undefined,
  outer?: Ref<T> | undefined,
) {
  const live = useLive()
  const own = useRef<T>(null)
  useEarlyPress(own, live)
  return { live, ref: joinRefs(own, outer), mark: kind ? awaitsCode(live, kind) : {} }
}
