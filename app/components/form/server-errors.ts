import type { FieldErrors } from '~/lib/errors'

/**
 * The part of a TanStack form these helpers use. Written with method signatures, which TypeScript
 * compares loosely, so any form (whose methods only take its own field names) can be passed in.
 */
export interface ServerErrorForm {
  fieldInfo: object
  getFieldMeta(field: string): ServerErrorMeta | undefined
  setFieldMeta(field: string, updater: <Meta extends ServerErrorMeta>(meta: Meta) => Meta): void
}

/** The part of a field's meta these helpers read and write: its messages by where they came from. */
export interface ServerErrorMeta {
  errorMap: { onBlur?: unknown; onSubmit?: unknown; onServer?: unknown }
}

/**
 * Puts a 422's field errors (`ApiError.errors`, SPEC §8) under their fields as each field's
 * `errorMap.onServer`, so they show like any other validation message. Call it from `onSubmit`.
 *
 * Returns the messages it found no field for (a field the form doesn't show), so the page can put them
 * in an `Alert` rather than lose them.
 */
export function applyServerErrors(form: ServerErrorForm, errors: FieldErrors): string[] {
  const unplaced: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const name = formFieldName(key)
    const message = messages[0]
    if (message === undefined) continue
    if (!(name in form.fieldInfo)) {
      unplaced.push(message)
      continue
    }
    form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } }))
  }
  return unplaced
}

/** The API names list items Laravel's way (`prices.0.amount`), TanStack Form its own (`prices[0].amount`). */
export function formFieldName(apiKey: string): string {
  return apiKey.replace(/\.(\d+)(?=\.|$)/g, '[$1]')
}

/**
 * Removes every server error, and the field errors the last submit's form-level validator left. TanStack
 * Form only clears a field's `onServer` and `onSubmit` errors when that field has validators of its own,
 * and it skips the form-level validator while any field still holds one, so without this a form
 * validated by one form-level schema would show the first submit's errors forever: the kit's `form.Form`
 * calls it before each submit, and its fields clear their own server error when edited.
 */
export function clearServerErrors(form: ServerErrorForm): void {
  for (const name of Object.keys(form.fieldInfo)) {
    const errorMap = form.getFieldMeta(name)?.errorMap
    if (errorMap?.onServer === undefined && errorMap?.onSubmit === undefined) continue
    form.setFieldMeta(name, (meta) => ({
      ...meta,
      errorMap: { ...meta.errorMap, onServer: undefined, onSubmit: undefined },
    }))
  }
}
