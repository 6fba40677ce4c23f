import { z } from 'zod'

/**
 * The generic messages of SPEC §5, used by every zod schema on the server (422 bodies) and in the
 * forms, so both say the same words. Import this module once per process before parsing.
 */
export const messages = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  max: (max: number | bigint) => `The maximum value allowed is ${max}`,
} as const

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return messages.required
    if (issue.code === 'invalid_type' && issue.input === null) return messages.required
    // A choice left empty (an enum or literal with nothing picked) is missing, not wrong.
    if (issue.code === 'invalid_value' && (issue.input == null || issue.input === ''))
      return messages.required
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
      return messages.required
    if (issue.code === 'invalid_format' && issue.format === 'email') return messages.email
    if (issue.code === 'too_big' && (issue.origin === 'number' || issue.origin === 'int')) {
      return messages.max(issue.maximum)
    }
    return undefined
  },
})

export { z }
