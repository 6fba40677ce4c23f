import type { AnyFieldLikeMetaBase, Updater } from '@tanstack/react-form'
import type { FieldErrors } from '~/lib/errors'

/**
 * The part of a TanStack form these helpers use. Written with method signatures, which TypeScript
 * compares loosely, so any form (whose methods only take its own field names) can be passed in.
 */
interface ServerErrorForm {
  fieldInfo: object
  getFieldMeta(field: string): { errorMap: { onServer?: unknown } } | undefined
  setFieldMeta(field: string, updater: Updater<AnyFieldLikeMetaBase>): void
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
 * Removes every server error. TanStack Form only clears `onServer` when a field has validators of its
 * own, so without this a form validated by one form-level schema could never be submitted again: the
 * kit's `form.Form` calls it before each submit, and its fields clear their own when edited.
 */
export function clearServerErrors(form: ServerErrorForm): void {
  for (const name of Object.keys(form.fieldInfo)) {
    if (form.getFieldMeta(name)?.errorMap.onServer === undefined) continue
    form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
  }
}
