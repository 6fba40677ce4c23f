import { paymentMethodTypes } from '~/contracts/enums'
import { namedSchema } from '~/contracts/list-fields'
import { dateOfBirth, z } from '~/lib/validation'

export const organisationRoles = ['admin'] as const
export const gymRoles = ['admin', 'personal_trainer'] as const

/** The session user of SPEC §3, as `GET /api/me` returns it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  current_organisation: z
    .object({
      id: z.number().int(),
      name: z.string(),
      multi_gym: z.boolean(),
      role: z.enum(organisationRoles).nullable(),
    })
    .nullable(),
  current_gym: z.object({ id: z.number().int(), role: z.enum(gymRoles).nullable() }).nullable(),
  /** The user's gyms; `role` is the staff role there (null for members), for the console's rules. */
  gyms: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(gymRoles).nullable() })),
  profile_picture: z.string().nullable(),
  /** Whether the member has answered the join flow's "About you" (issue 14). */
  register_fields_completed: z.boolean(),
  payment_types: z.array(z.object({ id: z.number().int(), type: z.enum(paymentMethodTypes) })),
  start_date: z.string().nullable(),
  billing_date: z.string().nullable(),
  offering: namedSchema.nullable(),
  price_id: z.number().int().nullable(),
  default_payment_type: z.enum(paymentMethodTypes).nullable(),
  /**
   * SPEC §3 `reauthenticate_akahu`: the member pays by bank and their consent names an account the gym
   * no longer uses (ADR 030); the join site asks them to connect their bank again.
   */
  reauthenticate_akahu: z.boolean(),
  general_card_surcharge_text: z.string().nullable(),
  /**
   * Whether the member's gym takes card payments (its own card account is connected, issue 25): the
   * join site offers a card only then, and bank payments only otherwise.
   */
  gym_takes_cards: z.boolean(),
  is_staff: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

/**
 * `GET /api/session`: the browser's session as the guards read it, answered with 200 whatever it is — a
 * signed-in user, a guest, or a session whose e-mailed code is still due (with the address it went to).
 * `GET /api/me` refuses the last two (401, 400), which a browser logs as failed requests on every page a
 * guest opens (ADR 048).
 */
export const sessionStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), user: sessionUserSchema }),
  z.object({ kind: z.literal('guest') }),
  z.object({ kind: z.literal('two_factor'), email: z.string() }),
])
export type SessionAnswer = z.infer<typeof sessionStateSchema>

/** SPEC §5's message for a repeated field (a confirmation) that differs. */
export const notEqualMessage = 'The value must be equal to the other value'

/** An e-mail address as the join site takes it (registration, sign-in; staff changing a member's). */
export const emailAddressSchema = z.string().trim().min(1).max(254).pipe(z.email())
const email = emailAddressSchema

/** 8 to 128 characters; the server also refuses the most common passwords (ADR 008). */
export const passwordSchema = z
  .string()
  .min(1)
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters')

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1).max(1024),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const verifyCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .regex(/^\d{6}$/, 'Enter the 6 digits from the e-mail'),
  /** "Remember this browser for 30 days" (staff second factor). */
  remember: z.boolean().optional(),
})
export type VerifyCodeRequest = z.input<typeof verifyCodeRequestSchema>

export const forgotPasswordRequestSchema = z.object({ email })

const newPasswordFields = {
  token: z.string().min(1).max(200),
  email,
  password: passwordSchema,
  password_confirmation: z.string().min(1),
}

function confirmationMatches(value: { password: string; password_confirmation: string }) {
  return value.password === value.password_confirmation
}

export const resetPasswordRequestSchema = z
  .object(newPasswordFields)
  .refine(confirmationMatches, { message: notEqualMessage, path: ['password_confirmation'] })
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>

/** The set-password step of a staff invitation: same shape as a reset. */
export const setPasswordRequestSchema = resetPasswordRequestSchema
export type SetPasswordRequest = ResetPasswordRequest

export const mobileNumberSchema = z
  .string()
  .trim()
  .min(1)
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Value is not a valid phone number')

export const registerRequestSchema = z.object({
  /** The gym joined: its public uuid, from the join link or the gym picker. */
  gym: z.uuid('Choose your gym'),
  name: z.string().trim().min(1).max(120),
  email,
  mobile_number: mobileNumberSchema,
  dob: dateOfBirth,
  password: passwordSchema,
  /** A private price or age-bypass link's token, from the join link (ADR 013). */
  link: z.string().max(100).optional(),
})
export type RegisterRequest = z.infer<typeof registerRequestSchema>

export const uniqueEmailRequestSchema = z.object({ email, gym: z.uuid().optional() })
export const uniqueEmailResponseSchema = z.object({ unique: z.boolean() })

export const joinGymSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  organisation_name: z.string(),
  /** The gym's logo (`/api/gym-logos/…`), or null. */
  logo: z.string().nullable(),
})
export type JoinGym = z.infer<typeof joinGymSchema>
