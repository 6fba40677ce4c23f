import { formFieldName } from './server-errors'

/**
 * The message to show for a field's errors. TanStack Form collects them from every validator: strings
 * from our own validators and `applyServerErrors`, and `{ message }` issues from a zod (Standard Schema)
 * validator, sometimes still nested in arrays. The first one with a message wins.
 */
export function getFirstErrorMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    const message = messageOf(error)
    if (message) return message
  }
  return undefined
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error || undefined
  if (Array.isArray(error)) return getFirstErrorMessage(error)
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message || undefined
  }
  return undefined
}

/** The contract's messages keyed by the form's field names (`prices[0].amount`). */
export function fieldErrorsOf(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const name = formFieldName(issue.path.map(String).join('.'))
    fields[name] ??= issue.message
  }
  return fields
}

/**
 * A form-level validator's answer from a contract's parse: nothing when it passed, else its messages under
 * the fields (`validators: { onSubmit: ({ value }) => formErrorsOf(schema.safeParse(draft(value))) }`).
 */
export function formErrorsOf(
  result: { success: true } | { success: false; error: Parameters<typeof fieldErrorsOf>[0] },
): { fields: Record<string, string> } | undefined {
  return result.success ? undefined : { fields: fieldErrorsOf(result.error) }
}
