import { useState } from 'react'
import type { ActionResult } from '~/lib/action-result'
import { applyServerErrors } from './server-errors'

type ServerErrorForm = Parameters<typeof applyServerErrors>[0]

/**
 * The server's answer to a failed form (SPEC §8): field errors under their fields, and the message in
 * an alert above the form unless every error found its field.
 */
export function useActionFormError() {
  const [message, setMessage] = useState<string>()
  return {
    message,
    clear: () => setMessage(undefined),
    show(form: ServerErrorForm, result: Extract<ActionResult<unknown>, { ok: false }>) {
      const unplaced = applyServerErrors(form, result.errors)
      const placedAll = Object.keys(result.errors).length > 0 && unplaced.length === 0
      setMessage(placedAll ? undefined : result.message)
    },
  }
}
