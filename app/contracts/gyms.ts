import { notEqualMessage } from '~/contracts/auth'
import { staffRoles } from '~/contracts/enums'
import { z } from '~/lib/validation'

const providerMode = z.enum(['live', 'test'])

/**
 * Which provider serves the gym's cards, bank payments and doors, and whether live or test (issue 26):
 * the names only, never a key (`publicProviderSummary`).
 */
export const gymProvidersSchema = z.object({
  cards: z.object({ provider: z.enum(['stripe', 'sandbox']), mode: providerMode }),
  bank: z.object({ provider: z.enum(['akahu', 'sandbox']), mode: providerMode }),
  doors: z.object({ provider: z.enum(['kisi', 'sandbox']), mode: providerMode }),
})
export type GymProviders = z.infer<typeof gymProvidersSchema>

/** A gym's contact for members (issue 28): each part null while not given. */
export const gymContactSchema = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
})
export type GymContact = z.infer<typeof gymContactSchema>

/** What a refused contact is told, in the owner's words (the form shows them under each field). */
export const gymContactMessages = {
  email: 'Enter an e-mail address like hello@yourgym.co.nz, or leave it empty.',
  phone: 'Enter a phone number with digits, spaces and + ( ) - only, up to 30 characters.',
  address: 'Keep the address to 300 characters or fewer.',
} as const

const anEmail = z.email()
// At least one digit: "+ ( )" alone rings nobody.
const phoneShape = /^(?=.*[0-9])[0-9 +()-]+$/

/**
 * `PUT /api/gyms/{id}/contact`: the gym's e-mail, phone and address for members. Each may be empty (or
 * null), which clears it; what is given is trimmed.
 */
export const gymContactRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, gymContactMessages.email)
    .refine((value) => value === '' || anEmail.safeParse(value).success, gymContactMessages.email)
    .nullable(),
  phone: z
    .string()
    .trim()
    .max(30, gymContactMessages.phone)
    .refine((value) => value === '' || phoneShape.test(value), gymContactMessages.phone)
    .nullable(),
  address: z.string().trim().max(300, gymContactMessages.address).nullable(),
})
export type GymContactRequest = z.input<typeof gymContactRequestSchema>

/**
 * The organisation's gyms (SPEC §3 Gym, issue 17): what an organisation admin sees of each — its size
 * (staff and members), their own role there, whether card payments are connected and where bank
 * payments are paid into (the number masked).
 */
export const gymSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  uuid: z.string(),
  /** The logo's address (`/api/gym-logos/{uuid}?v=…`, a new one for a new logo), or null. */
  logo: z.string().nullable(),
  created_at: z.string(),
  /** Staff with a role at the gym (organisation admins, who run every gym, are not counted). */
  staff_count: z.number().int(),
  /** Members whose gym it is (their membership's gym, else their home gym), as the members list counts them. */
  members_count: z.number().int(),
  /** The caller's own role at the gym; null is shown as "--" (SPEC §3). */
  role: z.enum(staffRoles).nullable(),
  /** `stripe_id` set: card payments are connected (charges enabled once the provider says so). */
  card_payments: z.object({ connected: z.boolean(), charges_enabled: z.boolean() }),
  destination_account: z
    .object({ id: z.number().int(), name: z.string(), bank_account_number: z.string() })
    .nullable(),
  /** Members paying the gym by bank: told, and asked to reconnect, when the account's number changes. */
  bank_payers: z.number().int(),
  /**
   * Whether people can find and join the gym on the join site (issue 25): only once it can sell. `missing`
   * says what to add, in the owner's words; empty when it is listed.
   */
  join_site: z.object({ listed: z.boolean(), missing: z.array(z.string()) }),
  /** The providers its payments and doors go through (organisation admins only, as the whole resource). */
  providers: gymProvidersSchema,
  /** How members reach the gym (issue 28): shown on their account page; each null while not given. */
  contact: gymContactSchema,
})
export type Gym = z.infer<typeof gymSchema>

export const staffRoleWords: Record<(typeof staffRoles)[number], string> = {
  admin: 'Admin',
  personal_trainer: 'Personal Trainer',
}

/** SPEC §5: name and number required; the repeat must equal the number. */
export const destinationAccountRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the account’s name').max(120),
    bank_account_number: z.string().trim().min(1, 'Enter the bank account number').max(40),
    bank_account_number_confirmation: z.string().trim().max(40),
  })
  .refine((value) => value.bank_account_number === value.bank_account_number_confirmation, {
    message: notEqualMessage,
    path: ['bank_account_number_confirmation'],
  })
export type DestinationAccountRequest = z.input<typeof destinationAccountRequestSchema>

/** Add a gym (issue 17): its name and the account its bank payments are paid into. */
export const createGymRequestSchema = z.object({
  name: z.string().trim().min(1, 'Enter the gym’s name').max(120),
  destination_account: destinationAccountRequestSchema,
})
export type CreateGymRequest = z.input<typeof createGymRequestSchema>

/** `POST /api/gyms/{id}/logo` (SPEC §7): multipart, `collection` must be `logo`, `file` the image. */
export const logoCollectionMessage = 'Send the logo with collection set to “logo”.'
export const chooseLogoMessage = 'Choose an image file for the logo.'

/** `POST /api/gyms/{id}/stripe/redirect`: the card provider's onboarding page to send the owner to. */
export const cardPaymentsRedirectSchema = z.object({ url: z.string() })

/** `POST /api/stripe/exchange` (SPEC §7): the `state` `/stripe/callback` came back with. */
export const stripeExchangeRequestSchema = z.object({
  state: z.string().trim().min(1, 'This page needs the link from the card payments page.').max(200),
})

/** What the callback shows: whether card payments are now connected, and the gym as it is. */
export const stripeExchangeSchema = z.object({
  connected: z.boolean(),
  /** As the provider has the account now (re-read at the callback): it may take card payments. */
  charges_enabled: z.boolean(),
  /** …and may be paid out to the gym's bank account. */
  payouts_enabled: z.boolean(),
  gym: gymSchema,
})

/** The sandbox onboarding page (Stripe's hosted Connect onboarding stand-in): the account being set up. */
export const sandboxOnboardingSchema = z.object({
  account_id: z.string(),
  business_name: z.string().nullable(),
  email: z.string().nullable(),
  country: z.string(),
})
export type SandboxOnboarding = z.infer<typeof sandboxOnboardingSchema>

const onboardingLink = z.string().trim().min(1).max(200)

/** Submit the business details, or leave ("Return to Gymbase") without them. */
export const sandboxOnboardingRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('submit'),
    link: onboardingLink,
    business_name: z.string().trim().min(1, 'Enter the business name').max(120),
    email: z.string().trim().min(1, 'Enter an e-mail address').max(254).pipe(z.email()),
  }),
  z.object({ action: z.literal('cancel'), link: onboardingLink }),
])
export type SandboxOnboardingRequest = z.input<typeof sandboxOnboardingRequestSchema>
