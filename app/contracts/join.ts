import { mobileNumberSchema } from '~/contracts/auth'
import {
  billingFrequencies,
  confidenceAndExperienceOptions,
  hearAboutUsOptions,
  offeringTypes,
  termUnits,
} from '~/contracts/enums'
import { z } from '~/lib/validation'

export const otherSourceMessage = 'Tell us where you heard about us.'
const postCodeMessage = 'Enter the 4-digit post code.'

const text = (max: number) => z.string().trim().max(max)

/**
 * `PUT /api/me/register-fields`: the join flow's "About you" (issue 14). The address and an emergency
 * contact the gym can call are needed; the rest helps the gym welcome the member.
 */
/**
 * Where the member lives and who to call in an emergency: "About you" asks them in the join flow, the
 * account's "Your details" changes them later (issue 28), with the same rules and words.
 */
export const contactFields = {
  address: text(200).min(1),
  suburb: text(100),
  city: text(100).min(1),
  post_code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, postCodeMessage),
  emergency_contact_name: text(120).min(1),
  emergency_contact_relationship: text(60).min(1),
  emergency_contact_mobile_number: mobileNumberSchema,
  emergency_contact_email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email())]),
}

export const registerFieldsRequestSchema = z
  .object({
    ...contactFields,
    confidence_and_experience: z
      .array(z.enum(confidenceAndExperienceOptions))
      .max(confidenceAndExperienceOptions.length),
    hear_about_us: z.array(z.enum(hearAboutUsOptions)).max(hearAboutUsOptions.length),
    hear_about_us_other: text(200),
    email_notifications_enabled: z.boolean(),
    push_notifications_enabled: z.boolean(),
    payment_reminders: z.boolean(),
  })
  .superRefine((value, context) => {
    if (value.hear_about_us.includes('other') && value.hear_about_us_other === '') {
      context.addIssue({ code: 'custom', path: ['hear_about_us_other'], message: otherSourceMessage })
    }
  })
export type RegisterFieldsRequest = z.infer<typeof registerFieldsRequestSchema>

/** `GET /api/me/register-fields`: the answers as saved, empty strings and lists until answered. */
export const registerFieldsSchema = z.object({
  address: z.string(),
  suburb: z.string(),
  city: z.string(),
  post_code: z.string(),
  emergency_contact_name: z.string(),
  emergency_contact_relationship: z.string(),
  emergency_contact_mobile_number: z.string(),
  emergency_contact_email: z.string(),
  confidence_and_experience: z.array(z.enum(confidenceAndExperienceOptions)),
  hear_about_us: z.array(z.enum(hearAboutUsOptions)),
  hear_about_us_other: z.string(),
  email_notifications_enabled: z.boolean(),
  push_notifications_enabled: z.boolean(),
  payment_reminders: z.boolean(),
})
export type RegisterFields = z.infer<typeof registerFieldsSchema>

/** `GET /api/join/gyms/{uuid}/offerings`: what the gym sells, shown before a visitor's details. */
export const joinOfferingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(offeringTypes),
  prices: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int(),
      billing_frequency: z.enum(billingFrequencies),
      joining_fee: z.number().int(),
      term_amount: z.number().int().nullable(),
      term_unit: z.enum(termUnits).nullable(),
    }),
  ),
})
export type JoinOffering = z.infer<typeof joinOfferingSchema>
