import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { reference, timestamps } from './columns'
import { organisationRecord } from './organisations'

export const gyms = pgTable(
  'gyms',
  {
    ...organisationRecord(),
    name: text('name').notNull(),
    // Public identifier for links and uploads, so sequential ids are not exposed outside the console.
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    logo: text('logo'),
    /** How members reach the gym, on their account page (issue 28); null: not given. */
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    /** Connected card-provider account (`acct_…`); null means no payment account is connected. */
    stripeId: text('stripe_id').unique(),
    // Re-read from the provider at the onboarding callback: reaching the callback does not prove it.
    stripeChargesEnabled: boolean('stripe_charges_enabled').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('gyms_organisation_name_idx').on(t.organisationId, t.name)],
)

/** The bank account a gym's bank-account payments are paid into. */
export const destinationAccounts = pgTable(
  'destination_accounts',
  {
    ...organisationRecord(),
    gymId: reference('gym_id', () => gyms.id, 'cascade'),
    name: text('name').notNull(),
    bankAccountNumber: text('bank_account_number').notNull(),
    ...timestamps(),
  },
  (t) => [index('destination_accounts_gym_idx').on(t.gymId)],
)
