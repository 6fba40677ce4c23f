import { useState } from 'react'
import type { z } from '~/lib/validation'

/**
 * The gym forms' text fields (Add gym, the bank account): their values, an error per field from the
 * schema (by its dotted path) or from the API's answer, cleared as the field is typed into.
 */
export function useTextFields<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  return {
    values,
    field: (name: Field) => ({
      value: values[name],
      onChange: (value: string) => {
        setValues((current) => ({ ...current, [name]: value }))
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
      },
      errorMessage: errors[name],
    }),
    /** The schema's refusals, the first per field. */
    showIssues(issues: readonly z.core.$ZodIssue[]) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of issues) found[issue.path.join('.') as Field] ??= issue.message
      setErrors(found)
    },
    /** The API's refusals by field; false when none names a field (the caller says the message). */
    showAnswer(fieldErrors: Record<string, string[]>): boolean {
      const found: Partial<Record<Field, string>> = {}
      for (const [name, messages] of Object.entries(fieldErrors)) found[name as Field] = messages[0]
      setErrors(found)
      return Object.keys(found).length > 0
    },
  }
}
