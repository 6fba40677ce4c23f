import { z } from '~/lib/validation'

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
  gyms: z.array(z.object({ id: z.number().int(), name: z.string() })),
  profile_picture: z.string().nullable(),
  payment_types: z.array(z.object({ id: z.number().int(), type: z.enum(['bank_account', 'stripe_card']) })),
  start_date: z.string().nullable(),
  billing_date: z.string().nullable(),
  offering: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  price_id: z.number().int().nullable(),
  default_payment_type: z.enum(['bank_account', 'stripe_card']).nullable(),
  general_card_surcharge_text: z.string().nullable(),
  is_staff: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>
