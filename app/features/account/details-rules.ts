import { mobileNumberProblem, passwordProblem } from '~/features/auth/form-rules'
import { type ContactValues, contactRules } from '~/features/join/about-you-rules'
import { emailProblem, problemsOf, textProblem } from '~/lib/form-rules'
import { messages } from '~/lib/refusal-messages'

/**
 * The account's "Your details" forms' rules in the browser (ADR 044), giving the messages of the
 * schemas in `contracts/account-details.ts` (`tests/unit/lib/form-rules.test.ts`). The address and
 * emergency contact are "About you"'s own rules.
 */

/** `contactDetailsRequestSchema`. */
export function contactDetailsProblems(values: ContactValues & { mobile_number: string }) {
  return problemsOf(values, { mobile_number: mobileNumberProblem, ...contactRules })
}

/** `changeEmailRequestSchema`. */
export function changeEmailProblems(values: { email: string; password: string }) {
  return problemsOf(values, {
    email: emailProblem,
    password: (value) => textProblem(value, { max: 1024, required: true }),
  })
}

/** `changePasswordRequestSchema`: the reset screen's rules for the new one. */
export function changePasswordProblems(values: {
  current_password: string
  password: string
  password_confirmation: string
}) {
  return problemsOf(values, {
    current_password: (value) => textProblem(value, { max: 1024, required: true }),
    password: passwordProblem,
    password_confirmation: (value, all) => {
      if (value === '') return messages.required
      return all.password === value ? undefined : 'The value must be equal to the other value'
    },
  })
}

/** `closureRequestBodySchema`: a reason is never required. */
export function closureProblems(values: { reason: string }) {
  return problemsOf(values, { reason: (value) => textProblem(value, { max: 1000, trim: true }) })
}
