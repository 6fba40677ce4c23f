import {
  dateOfBirthProblem,
  emailProblem,
  lengthOf,
  patternProblem,
  problemsOf,
  textProblem,
  uuidProblem,
} from '~/lib/form-rules'
import { messages } from '~/lib/refusal-messages'

/**
 * The sign-in, sign-up, code and password forms' rules in the browser (ADR 044), giving the messages the
 * schemas in `contract.ts` give (`tests/unit/lib/form-rules.test.ts`); the server parses with the schemas.
 */

/** `passwordSchema`: 8 to 128 characters. */
export function passwordProblem(value: string): string | undefined {
  if (value === '') return messages.required
  const length = lengthOf(value)
  if (length < 8) return 'Use at least 8 characters'
  return length > 128 ? 'Use at most 128 characters' : undefined
}

/** `mobileNumberSchema`. */
export function mobileNumberProblem(value: string): string | undefined {
  return patternProblem(value, /^\+?[0-9][0-9 ()-]{5,19}$/, 'Value is not a valid phone number')
}

/** `loginRequestSchema`. */
export function loginProblems(values: { email: string; password: string }) {
  return problemsOf(values, {
    email: emailProblem,
    password: (value) => textProblem(value, { max: 1024, required: true }),
  })
}

/** `forgotPasswordRequestSchema`. */
export function forgotPasswordProblems(values: { email: string }) {
  return problemsOf(values, { email: emailProblem })
}

/** `verifyCodeRequestSchema` (the remember box is a yes or no). */
export function codeProblems(values: { code: string; remember: boolean }) {
  return problemsOf(values, {
    code: (value) => patternProblem(value, /^\d{6}$/, 'Enter the 6 digits from the e-mail'),
  })
}

/** `resetPasswordRequestSchema` (and the invitation's, the same). */
export function newPasswordProblems(values: {
  token: string
  email: string
  password: string
  password_confirmation: string
}) {
  return problemsOf(values, {
    token: (value) => textProblem(value, { max: 200, required: true }),
    email: emailProblem,
    password: passwordProblem,
    password_confirmation: (value, all) => {
      if (value === '') return messages.required
      return all.password === value ? undefined : 'The value must be equal to the other value'
    },
  })
}

/** `registerRequestSchema`: the join site's sign-up (the link's token is added as it is sent). */
export function registerProblems(values: {
  gym: string
  name: string
  email: string
  mobile_number: string
  dob: string
  password: string
}) {
  return problemsOf(values, {
    gym: (value) => uuidProblem(value, 'Choose your gym'),
    name: (value) => textProblem(value, { max: 120, required: true, trim: true }),
    email: emailProblem,
    mobile_number: mobileNumberProblem,
    dob: dateOfBirthProblem,
    password: passwordProblem,
  })
}
