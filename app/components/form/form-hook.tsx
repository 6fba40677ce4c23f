import { type AnyFieldApi, createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form'
import { createContext, useContext, useState } from 'react'
import { Button, type ButtonProps } from '~/components/ui/button'
import type { FormProps as KitFormProps } from '~/components/ui/form'
import { BoundCheckbox, BoundCheckboxGroupField } from './bound-checkboxes'
import { BoundDateField } from './bound-date-field'
import {
  BoundPasswordField,
  BoundTextField,
  type CheckboxGroupFieldProps,
  type CheckboxProps,
  type DateFieldProps,
  type FieldBinding,
  type PasswordFieldProps,
  type TextFieldProps,
} from './bound-fields'
import { getFirstErrorMessage } from './field-errors'
import { focusFirstInvalidField } from './focus-first-invalid'
import { ScriptedForm } from './scripted-form'
import { clearServerErrors } from './server-errors'
import { useSettledAfterPress } from './settle-after-press'

/**
 * Forms through TanStack Form's form composition: `useAppForm` gives a form whose `AppField` children get
 * the kit's fields pre-bound to the field (value, change, blur, error), plus `form.Form` and
 * `form.SubmitButton`. A page:
 *
 *   const [serverMessage, setServerMessage] = useState<string>()
 *   const form = useAppForm({
 *     defaultValues: { email: '' },
 *     validators: { onChange: staffInviteSchema },   // a zod schema from the feature's contract.ts
 *     onSubmit: async ({ value, formApi }) => {
 *       setServerMessage(undefined)
 *       try { await inviteStaff({ data: value }); toast.success('Invitation sent') }
 *       catch (error) {
 *         if (error instanceof ApiError) applyServerErrors(formApi, error.errors)
 *         setServerMessage(error instanceof Error ? error.message : String(error))   // SPEC §8, in an Alert
 *       }
 *     },
 *   })
 *   <form.AppForm>
 *     <form.Form>
 *       <form.AppField name="email">{(field) => <field.TextField label="Email" type="email" />}</form.AppField>
 *       <form.SubmitButton>Send invitation</form.SubmitButton>
 *     </form.Form>
 *   </form.AppForm>
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

/**
 * A field's message, once it should be shown: after the person has left the field or tried to submit,
 * so nobody is told off while still typing; a server error always shows.
 */
function useFieldError(field: AnyFieldApi): string | undefined {
  const meta = useStore(field.store, (state) => state.meta)
  const submissionAttempts = useStore(field.form.store, (state) => state.submissionAttempts)
  const hasServerError = meta.errorMap.onServer !== undefined
  const due = meta.isBlurred || submissionAttempts > 0 || hasServerError
  return useSettledAfterPress(due ? getFirstErrorMessage(meta.errors) : undefined)
}

/**
 * A server error, or a check made when the person left the field (the e-mail "already registered"),
 * describes the value that was there; once the person edits it, it no longer applies. The check runs
 * again when they leave the field or submit.
 */
function clearAnsweredErrors(field: AnyFieldApi) {
  const { onServer, onBlur } = field.state.meta.errorMap
  if (onServer === undefined && onBlur === undefined) return
  field.setMeta((meta) => ({
    ...meta,
    errorMap: { ...meta.errorMap, onServer: undefined, onBlur: undefined },
  }))
}

/**
 * The one binder between a TanStack field and a kit control: the field's name, value, change (which
 * also drops a server error the edit has answered), blur and message. Each pre-bound field below is
 * this plus, where the control holds another shape than the form (a date, a time, cents), the two
 * conversions.
 */
export function useFieldBinding<Value>(): FieldBinding<Value> {
  const field = useFieldContext<Value>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return {
    name: field.name,
    value,
    onChange: (next: Value) => {
      clearAnsweredErrors(field)
      field.handleChange(next)
    },
    onBlur: field.handleBlur,
    errorMessage,
  }
}

export type {
  BoundProps,
  CheckboxGroupFieldProps,
  CheckboxProps,
  DateFieldProps,
  PasswordFieldProps,
  TextFieldProps,
} from './bound-fields'

/**
 * The binder for a control whose value is an object (a date, a time) over a form value held as text,
 * '' while empty or incomplete, as the API takes it.
 */
export function useParsedBinding<Parsed>(parse: (text: string) => Parsed, toText: (value: Parsed) => string) {
  const { value, onChange, ...bound } = useFieldBinding<string>()
  return {
    ...bound,
    value: parsedOrNull(parse, value),
    onChange: (next: Parsed | null) => onChange(next ? toText(next) : ''),
  }
}

function parsedOrNull<Parsed>(parse: (text: string) => Parsed, text: string): Parsed | null {
  if (!text) return null
  try {
    return parse(text)
  } catch {
    return null
  }
}

export type AppFormProps = Omit<KitFormProps, 'onSubmit' | 'ref'>

/**
 * The `<form>` element: submits through TanStack Form and, when the submit leaves errors (the schema's or
 * the server's), scrolls to and focuses the first field in error (SPEC §5). `onSubmit` errors the page
 * did not catch are rethrown.
 */
function Form(props: AppFormProps) {
  const form = useFormContext()
  const [waiting, setWaiting] = useState(false)
  return (
    <FormWaiting value={waiting}>
      <ScriptedForm
        {...props}
        onSubmit={(element) => {
          clearServerErrors(form)
          // Checks made on leaving a field run again for what is there now (Enter never left the field),
          // and the press waits for them, looking busy, rather than being dropped (issue 14).
          setWaiting(true)
          void form
            .validateAllFields('blur')
            .then(() => whenValidated(form))
            .then(async () => {
              setWaiting(false)
              // With a field already in error TanStack Form drops a first submit without checking the
              // rest, so an empty date of birth said nothing: check everything, then submit.
              if (!form.state.canSubmit) {
                await form.validateAllFields('submit')
                await form.validate('submit')
              }
              return form.handleSubmit()
            })
            .finally(() => {
              setWaiting(false)
              if (form.state.isValid) return
              // Wait for React to render the errors' aria-invalid before looking for the first one.
              requestAnimationFrame(() => focusFirstInvalidField(element))
            })
        }}
      />
    </FormWaiting>
  )
}

/** Whether the form's submit is waiting for a field's check (the submit button shows it as busy). */
const FormWaitingContext = createContext(false)
const FormWaiting = FormWaitingContext.Provider

/**
 * Once no field's check is running. A press the instant after typing the e-mail starts its check (on
 * blur, against the server); TanStack Form would drop a submit made meanwhile without a word, so the
 * press waits for the check and then submits, as the person meant.
 */
function whenValidated(form: ReturnType<typeof useFormContext>): Promise<void> {
  const isChecking = () => form.state.isFieldsValidating || form.state.isFormValidating
  if (!isChecking()) return Promise.resolve()
  return new Promise((resolve) => {
    const subscription = form.store.subscribe(() => {
      if (isChecking()) return
      subscription.unsubscribe()
      resolve()
    })
  })
}

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'isPending'>

/** The form's submit button, showing progress while the form submits. */
function SubmitButton(props: SubmitButtonProps) {
  const form = useFormContext()
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting)
  const waiting = useContext(FormWaitingContext)
  return <Button {...props} type="submit" isPending={isSubmitting || waiting} />
}

function TextField(props: TextFieldProps) {
  return <BoundTextField {...props} bound={useFieldBinding<string>()} />
}

function PasswordField(props: PasswordFieldProps) {
  return <BoundPasswordField {...props} bound={useFieldBinding<string>()} />
}

function DateField(props: DateFieldProps) {
  return <BoundDateField {...props} bound={useFieldBinding<string>()} />
}

function Checkbox(props: CheckboxProps) {
  return <BoundCheckbox {...props} bound={useFieldBinding<boolean>()} />
}

function CheckboxGroupField(props: CheckboxGroupFieldProps) {
  return <BoundCheckboxGroupField {...props} bound={useFieldBinding<string[]>()} />
}

/** The fields every form may use (`bound-fields.tsx`); the console's forms add more (console-form-hook.tsx). */
export const baseFieldComponents = { TextField, PasswordField, DateField, Checkbox, CheckboxGroupField }
export const formComponents = { Form, SubmitButton }

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: baseFieldComponents,
  formComponents,
})
