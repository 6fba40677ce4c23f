import { mobileNumberProblem } from '~/features/auth/form-rules'
import { emailProblem, lengthOf, problemsOf, textProblem } from '~/lib/form-rules'
import { messages } from '~/lib/refusal-messages'

/** The fields `contactFields` (contracts/join.ts) holds: the address and the emergency contact. */
export type ContactValues = {
  address: string
  suburb: string
  city: string
  post_code: string
  emergency_contact_name: string
  emergency_contact_relationship: string
  emergency_contact_mobile_number: string
  emergency_contact_email: string
}

const text =
  (max: number, required = false) =>
  (value: string) =>
    textProblem(value, { max, required, trim: true })
const contactEmailTooLong = (value: string) => value !== '' && lengthOf(value.trim()) > 254

/**
 * `contactFields`' rules, shared by "About you" and the account's "Your details" (issue 28), which ask
 * the same questions.
 */
export const contactRules = {
  address: text(200, true),
  suburb: text(100),
  city: text(100, true),
  post_code: (value: string) => (/^\d{4}$/.test(value.trim()) ? undefined : 'Enter the 4-digit post code.'),
  emergency_contact_name: text(120, true),
  emergency_contact_relationship: text(60, true),
  emergency_contact_mobile_number: mobileNumberProblem,
  // Empty, or an address; zod's union of the two says only "not valid" for one past 254 characters.
  emergency_contact_email: (value: string) => {
    if (value === '') return undefined
    if (contactEmailTooLong(value)) return messages.invalid
    return emailProblem(value) === undefined ? undefined : messages.email
  },
}

/**
 * The "About you" form's rules in the browser (ADR 044), giving the messages `registerFieldsRequestSchema`
 * (contract.ts) gives (`tests/unit/lib/form-rules.test.ts`); the server parses with the schema. The
 * lists and the yes-or-no boxes hold only what their checkboxes can, so only the text has rules here.
 */
export function aboutYouProblems(
  values: ContactValues & { hear_about_us: readonly string[]; hear_about_us_other: string },
) {
  return problemsOf(values, {
    ...contactRules,
    hear_about_us_other: (value, all) => {
      const text = value.trim()
      if (lengthOf(text) > 200) return messages.maxLength(200)
      // The schema's cross-field check, which zod skips once the contact's e-mail has stopped the parse.
      if (contactEmailTooLong(all.emergency_contact_email)) return undefined
      return all.hear_about_us.includes('other') && text === ''
        ? 'Tell us where you heard about us.'
        : undefined
    },
  })
}
