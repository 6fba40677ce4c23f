import { emailAddressSchema, mobileNumberSchema, notEqualMessage, passwordSchema } from '~/contracts/auth'
import { contactFields } from '~/contracts/join'
import { z } from '~/lib/validation'

/**
 * The member's own details on their account (issue 28, point 7): contact and emergency contact, the
 * e-mail they sign in with, their password, every device signed in, what Gymbase holds about them and
 * asking for the account to be closed.
 */

/** `PUT /api/me/contact-details`: the mobile and "About you"'s address and emergency contact, same rules. */
export const contactDetailsRequestSchema = z.object({
  mobile_number: mobileNumberSchema,
  ...contactFields,
})
export type ContactDetailsRequest = z.infer<typeof contactDetailsRequestSchema>

/** An open request to close the account, as the member sees it. */
export const ownClosureRequestSchema = z.object({
  requested_at: z.string(),
  reason: z.string().nullable(),
})

/** `GET /api/me/account-details`: what the details page shows. */
export const accountDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** A new address asked for and not yet confirmed from the link sent to it. */
  pending_email: z.string().nullable(),
  mobile_number: z.string(),
  address: z.string(),
  suburb: z.string(),
  city: z.string(),
  post_code: z.string(),
  emergency_contact_name: z.string(),
  emergency_contact_relationship: z.string(),
  emergency_contact_mobile_number: z.string(),
  emergency_contact_email: z.string(),
  closure_request: ownClosureRequestSchema.nullable(),
})
export type AccountDetails = z.infer<typeof accountDetailsSchema>

/** `POST /api/me/email-change`: the new address, and the password to prove it is them asking. */
export const changeEmailRequestSchema = z.object({
  email: emailAddressSchema,
  password: z.string().min(1).max(1024),
})
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>

/** `POST /api/email-change/confirm`: the link's token and the new address it was sent to. */
export const confirmEmailChangeRequestSchema = z.object({
  token: z.string().min(1).max(200),
  email: emailAddressSchema,
})
export type ConfirmEmailChangeRequest = z.infer<typeof confirmEmailChangeRequestSchema>

/** `PUT /api/me/password`: the current password, and a new one with the reset screen's rules. */
export const changePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1).max(1024),
    password: passwordSchema,
    password_confirmation: z.string().min(1),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: notEqualMessage,
    path: ['password_confirmation'],
  })
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>

/** `POST /api/me/closure-request`: a reason is never required. */
export const closureRequestBodySchema = z.object({ reason: z.string().trim().max(1000) })
export type ClosureRequestBody = z.infer<typeof closureRequestBodySchema>

/** `GET /api/me/data-export?format=`: everything Gymbase holds about the member (Privacy Act 2020). */
export const dataExportQuerySchema = z.object({ format: z.enum(['json', 'csv']) })
export const dataExportFormats = ['json', 'csv'] as const

/**
 * `GET /api/members/{id}/closure-request`: the member's open request to close their account, for staff:
 * what they owed when they asked and what they owe now (null for staff who may not see money).
 */
export const memberClosureRequestSchema = z.object({
  id: z.number().int(),
  requested_at: z.string(),
  reason: z.string().nullable(),
  owing_when_requested: z.number().int().nullable(),
  owing_now: z.number().int().nullable(),
})
export type MemberClosureRequest = z.infer<typeof memberClosureRequestSchema>

export const wrongPasswordMessage = 'That password is not right.'
export const sameEmailMessage = 'That is already the address you sign in with.'
export const closureAlreadyAskedMessage = 'You have already asked for your account to be closed.'
