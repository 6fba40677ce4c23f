import { createContext, type ReactNode, useContext, useRef, useState, useSyncExternalStore } from 'react'
import type { ServerErrorForm } from '~/components/form/server-errors'
import { Button, type ButtonProps } from '~/components/ui/button'
import type { FormProblems } from '~/lib/form-rules'
import {
  BoundPasswordField,
  BoundTextField,
  type FieldBinding,
  type PasswordFieldProps,
  type TextFieldProps,
} from './bound-fields'
import { focusFirstInvalidField } from './focus-first-invalid'
import { ScriptedForm, type ScriptedFormProps } from './scripted-form'
import { useSettledAfterPress } from './settle-after-press'

/**
 * The join site's forms (ADR 044): the same page code, fields and behaviour as the console's TanStack
 * forms (`form-hook.tsx`), in a few hundred bytes instead of TanStack Form's 16 kB gzip, and checked by
 * the browser rules of `form-rules.ts` instead of zod's 25 kB (the server still parses every request with
 * the zod schema). What a join form needs and no more:
 *
 *   const form = useLightForm({
 *     defaultValues: { email: '' },
 *     problems: forgotPasswordProblems,          // the browser's rules: each field's first message
 *     onSubmit: async ({ value, formApi }) => {  // only once the rules pass
 *       const result = await send({ data: value })
 *       if (!result.ok) return serverError.show(formApi, result)   // the server's messages under the fields
 *     },
 *   })
 *   <LightForm form={form} aria-label="Forgot password">
 *     <LightField form={form} name="email"><LightTextField label="E-mail" /></LightField>
 *     <LightSubmitButton>Send reset link</LightSubmitButton>
 *   </LightForm>
 *
 * When a message shows is the console's: after a submit (every field's) or once the field was left with
 * a check of its own (`onBlurCheck`, the sign-up's "already registered"); a server error at once. An edit
 * drops the field's message until the next submit, and the first field in error is scrolled to and
 * focused after a submit that leaves any (SPEC §5). A press before the page's code ran is sent once it
 * runs (`before-load.ts`), with what was typed meanwhile.
 */

interface FieldMessages {
  /** The field's own check on leaving it (the sign-up's e-mail). */
  blur?: string
  /** The browser's rules, at the last submit. */
  submit?: string
  /** The server's answer to the last submit. */
  server?: string
}

interface FormState<Values> {
  values: Values
  messages: Partial<Record<string, FieldMessages>>
  left: Partial<Record<string, boolean>>
  submissionAttempts: number
  isSubmitting: boolean
  /** A submit waits for the fields' checks on leaving them (the button shows it as busy). */
  isWaiting: boolean
}

type FieldName<Values> = keyof Values & string

interface BlurCheck {
  check: (value: never) => Promise<string | undefined>
  debounceMs: number
}

/** The part of the form `applyServerErrors` and `clearServerErrors` (server-errors.ts) use, as TanStack's. */
export interface LightFormApi<Values> {
  readonly fieldInfo: Record<string, unknown>
  readonly state: { values: Values }
  getFieldMeta: ServerErrorForm['getFieldMeta']
  setFieldMeta: ServerErrorForm['setFieldMeta']
  reset(): void
}

export interface LightFormOptions<Values> {
  defaultValues: Values
  /** The browser's rules (ADR 044): each field's first message, or `undefined` when all pass. */
  problems: (values: Values) => FormProblems
  onSubmit: (props: { value: Values; formApi: LightFormApi<Values> }) => Promise<unknown> | unknown
}

function createLightForm<Values extends Record<string, unknown>>(options: {
  current: LightFormOptions<Values>
}) {
  const initial = (): FormState<Values> => ({
    values: options.current.defaultValues,
    messages: {},
    left: {},
    submissionAttempts: 0,
    isSubmitting: false,
    isWaiting: false,
  })
  let state = initial()
  const listeners = new Set<() => void>()
  const set = (update: (previous: FormState<Values>) => FormState<Values>) => {
    state = update(state)
    for (const listener of listeners) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const setMessages = (name: string, update: (previous: FieldMessages) => FieldMessages) =>
    set((previous) => ({
      ...previous,
      messages: { ...previous.messages, [name]: update(previous.messages[name] ?? {}) },
    }))

  const fieldInfo: Record<string, unknown> = {}
  const blurChecks = new Map<string, BlurCheck>()
  const checkRuns = new Map<string, number>()
  /** Checks waiting out their pause: the timer, and how to end the wait without running the check. */
  const pauses = new Map<string, { timer: ReturnType<typeof setTimeout>; end: () => void }>()

  /** A check still in its pause is dropped (a newer one, an edit or a reset replaces it). */
  function dropPause(name: string) {
    const pause = pauses.get(name)
    if (!pause) return
    pauses.delete(name)
    clearTimeout(pause.timer)
    pause.end()
  }

  /** Runs the field's check on leaving it (after its pause); the last run's answer is the field's. */
  function runBlurCheck(name: string, debounceMs: number): Promise<void> {
    const blurCheck = blurChecks.get(name)
    if (!blurCheck) return Promise.resolve()
    dropPause(name)
    const run = (checkRuns.get(name) ?? 0) + 1
    checkRuns.set(name, run)
    return new Promise<void>((end) => {
      const timer = setTimeout(() => {
        pauses.delete(name)
        const value = state.values[name] as never
        void blurCheck
          .check(value)
          .catch(() => undefined)
          .then((message) => {
            if (checkRuns.get(name) === run) setMessages(name, (messages) => ({ ...messages, blur: message }))
          })
          .finally(end)
      }, debounceMs)
      pauses.set(name, { timer, end })
    })
  }

  const formApi: LightFormApi<Values> = {
    fieldInfo,
    get state() {
      return { values: state.values }
    },
    getFieldMeta(field) {
      const messages = state.messages[field]
      return { errorMap: { onServer: messages?.server, onSubmit: messages?.submit } }
    },
    setFieldMeta(field, updater) {
      const messages = state.messages[field] ?? {}
      const { errorMap } = updater({
        errorMap: { onBlur: messages.blur, onSubmit: messages.submit, onServer: messages.server },
      })
      const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
      setMessages(field, () => ({
        blur: text(errorMap.onBlur),
        submit: text(errorMap.onSubmit),
        server: text(errorMap.onServer),
      }))
    },
    reset() {
      for (const name of [...pauses.keys()]) dropPause(name)
      checkRuns.clear()
      set(() => initial())
    },
  }

  const hasMessage = (current: FormState<Values>) =>
    Object.values(current.messages).some((messages) => messages?.blur ?? messages?.submit ?? messages?.server)

  /**
   * A submit: the server's last answer and the rules' last messages go, the fields' own checks run again
   * for what is there now (Enter never left the field) and the press waits for them, looking busy; then
   * every rule, and the page's `onSubmit` only when nothing is in error.
   */
  async function submit(formElement: HTMLFormElement | null) {
    set((previous) => ({
      ...previous,
      isWaiting: true,
      messages: Object.fromEntries(
        Object.entries(previous.messages).map(([name, messages]) => [name, { blur: messages?.blur }]),
      ),
    }))
    await Promise.all([...blurChecks.keys()].map((name) => runBlurCheck(name, 0)))
    set((previous) => ({ ...previous, isWaiting: false }))
    const problems = options.current.problems(state.values) ?? {}
    set((previous) => ({
      ...previous,
      submissionAttempts: previous.submissionAttempts + 1,
      messages: Object.fromEntries(
        [...new Set([...Object.keys(previous.messages), ...Object.keys(problems)])].map((name) => [
          name,
          { ...previous.messages[name], submit: problems[name] },
        ]),
      ),
    }))
    try {
      if (hasMessage(state)) return
      set((previous) => ({ ...previous, isSubmitting: true }))
      try {
        await options.current.onSubmit({ value: state.values, formApi })
      } finally {
        set((previous) => ({ ...previous, isSubmitting: false }))
      }
    } finally {
      // Wait for React to render the errors' aria-invalid before looking for the first one.
      if (hasMessage(state)) requestAnimationFrame(() => focusFirstInvalidField(formElement))
    }
  }

  function change(name: string, value: unknown) {
    dropPause(name)
    checkRuns.set(name, (checkRuns.get(name) ?? 0) + 1)
    set((previous) => ({
      ...previous,
      values: { ...previous.values, [name]: value },
      // The messages described the value that was there; the checks run again on leaving or submitting.
      messages: previous.messages[name] ? { ...previous.messages, [name]: {} } : previous.messages,
    }))
  }

  function leave(name: string) {
    set((previous) => ({ ...previous, left: { ...previous.left, [name]: true } }))
    const blurCheck = blurChecks.get(name)
    if (blurCheck) void runBlurCheck(name, blurCheck.debounceMs)
  }

  return { subscribe, get: () => state, submit, change, leave, formApi, fieldInfo, blurChecks }
}

/** A light form, as `useLightForm` gives it: pass it to `LightForm` and each `LightField`. */
export type LightFormCore<Values extends Record<string, unknown>> = ReturnType<typeof createLightForm<Values>>

const FormContext = createContext<LightFormCore<Record<string, unknown>> | null>(null)
const FieldContext = createContext<string>('')

/** The form around a field, seen by its fields as values by name (they read and write one name each). */
function useCore(): LightFormCore<Record<string, unknown>> {
  const core = useContext(FormContext)
  if (!core) throw new Error('A light form field outside its form')
  return core
}

function useFormState<Values extends Record<string, unknown>, Selected>(
  core: LightFormCore<Values>,
  select: (state: FormState<Values>) => Selected,
): Selected {
  return useSyncExternalStore(
    core.subscribe,
    () => select(core.get()),
    () => select(core.get()),
  )
}

/** The field's message as shown (see the module's comment for when). */
function shownMessage<Values>(state: FormState<Values>, name: string): string | undefined {
  const messages = state.messages[name]
  if (!messages) return undefined
  const due = state.left[name] === true || state.submissionAttempts > 0 || messages.server !== undefined
  return due ? (messages.blur ?? messages.submit ?? messages.server) : undefined
}

/** The binder between a light form's field and a kit control (`bound-fields.tsx`). */
export function useFieldBinding<Value>(): FieldBinding<Value> {
  const core = useCore()
  const name = useContext(FieldContext)
  const value = useFormState(core, (state) => state.values[name]) as Value
  const errorMessage = useSettledAfterPress(useFormState(core, (state) => shownMessage(state, name)))
  return {
    name,
    value,
    onChange: (next: Value) => core.change(name, next),
    onBlur: () => core.leave(name),
    errorMessage,
  }
}

/*
 * The kit's text fields bound to the `LightField` around them; the date field and the checkboxes are in
 * `light-date-field.tsx` and `light-checkboxes.tsx`, so a page loads the fields it shows and no others
 * (a sign-in page carries no checkbox nor date field).
 */
export function LightTextField(props: TextFieldProps) {
  return <BoundTextField {...props} bound={useFieldBinding<string>()} />
}

export function LightPasswordField(props: PasswordFieldProps) {
  return <BoundPasswordField {...props} bound={useFieldBinding<string>()} />
}

/** A light form for the page's life, as TanStack Form's `useAppForm` gives one. */
export function useLightForm<Values extends Record<string, unknown>>(
  options: LightFormOptions<Values>,
): LightFormCore<Values> {
  const latest = useRef(options)
  latest.current = options
  const [core] = useState(() => createLightForm<Values>(latest))
  return core
}

/** What the form holds, chosen by `select`; the component renders again when that changes. */
export function useFormValue<Values extends Record<string, unknown>, Selected>(
  form: LightFormCore<Values>,
  select: (values: Values) => Selected,
): Selected {
  return useFormState(form, (state) => select(state.values))
}

export type LightFormProps<Values extends Record<string, unknown>> = Omit<ScriptedFormProps, 'onSubmit'> & {
  form: LightFormCore<Values>
}

/** The `<form>` element (`ScriptedForm`), holding its fields. */
export function LightForm<Values extends Record<string, unknown>>({
  form,
  ...props
}: LightFormProps<Values>) {
  return (
    <FormContext.Provider value={form}>
      <ScriptedForm {...props} onSubmit={(element) => void form.submit(element)} />
    </FormContext.Provider>
  )
}

/** One of the form's fields: the `Light…` field inside it is bound to `name`. */
export function LightField<Values extends Record<string, unknown>, Name extends FieldName<Values>>(props: {
  form: LightFormCore<Values>
  name: Name
  /** A check of the field's own when it is left, after a pause (the e-mail "already registered"). */
  onBlurCheck?: (value: Values[Name]) => Promise<string | undefined>
  blurCheckDebounceMs?: number
  children: ReactNode
}) {
  props.form.fieldInfo[props.name] = true
  const check = props.onBlurCheck
  if (check) props.form.blurChecks.set(props.name, { check, debounceMs: props.blurCheckDebounceMs ?? 0 })
  return <FieldContext.Provider value={props.name}>{props.children}</FieldContext.Provider>
}

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'isPending'>

/** The form's submit button, busy while a submit waits for the fields' checks and while it submits. */
export function LightSubmitButton(props: SubmitButtonProps) {
  const core = useCore()
  const busy = useFormState(core, (state) => state.isSubmitting || state.isWaiting)
  return <Button {...props} type="submit" isPending={busy} />
}
