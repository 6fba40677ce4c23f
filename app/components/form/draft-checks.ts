import { formErrorsOf } from './field-errors'

/**
 * A form's check on submit, `validators: draftChecks(schema, draft)`: the request its values make
 * (`draft`), parsed by the contract's schema, each message under its field.
 */
export function draftChecks<V>(
  schema: { safeParse: (input: unknown) => Parameters<typeof formErrorsOf>[0] },
  draft: (value: V) => unknown,
) {
  return { onSubmit: ({ value }: { value: V }) => formErrorsOf(schema.safeParse(draft(value))) }
}
