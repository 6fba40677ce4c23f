import { check, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { id, instant, isOneOf, timestamps } from './columns'
import { paymentMethodTypes } from './enums'
import { gyms } from './gyms'
import { organisationId } from './organisations'
import { users } from './users'

/**
 * A member's bank account (open banking) or saved card. Card numbers never reach us: a card row only
 * holds the provider's references and the display details the provider returns.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    organisationId: organisationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Cards are saved on the gym's own connected card account (direct charges), so a card is only
    // usable at that gym; bank accounts are not tied to a gym and leave this null.
    gymId: integer('gym_id').references(() => gyms.id, { onDelete: 'cascade' }),
    type: text('type', { enum: paymentMethodTypes }).notNull(),
    // Bank account.
    bankAccountNumber: text('bank_account_number'),
    name: text('name'),
    status: text('status'),
    // Card.
    brand: text('brand'),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    lastFour: text('last_four'),
    country: text('country'),
    /** Provider id of the method: Akahu account `acc_…` or card `pm_…`. */
    providerReference: text('provider_reference'),
    /** Provider id of the payer: card-provider customer `cus_…`. */
    providerCustomerReference: text('provider_customer_reference'),
    /**
     * The gym's connected card account (`acct_…`) the customer and card were saved on: direct charges
     * are made there (Stripe Connect), so `acct_`, `cus_` and `pm_` are kept together.
     */
    providerAccountReference: text('provider_account_reference'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: instant('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    index('payment_methods_provider_reference_idx').on(t.providerReference),
    check('payment_methods_type_check', isOneOf(t.type, paymentMethodTypes)),
  ],
)

/**
 * A member's open-banking connection (Akahu's OAuth, PROVIDERS.md §2). `state` ties the consent page's
 * return to the member who started it; the access token is what later calls use, and is never logged.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    id: id(),
    organisationId: organisationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `sandbox_bank` or `akahu`. */
    provider: text('provider').notNull(),
    /** SHA-256 of the OAuth `state` of the consent under way; null once used. */
    stateHash: text('state_hash').unique(),
    stateExpiresAt: instant('state_expires_at'),
    accessToken: text('access_token'),
    connectedAt: instant('connected_at'),
    ...timestamps(),
  },
  (t) => [index('bank_connections_user_idx').on(t.userId)],
)

/**
 * A gym's card-payments onboarding under way (Stripe Connect, PROVIDERS.md §1.4; issue 17): the
 * provider's account made for the gym, and the `state` our `/stripe/callback` must come back with —
 * kept as a hash, for the admin who started it, used once (`state_hash` null afterwards). The gym's
 * `stripe_id` is set only when the callback re-reads the account and finds its details submitted.
 */
export const cardAccountOnboardings = pgTable(
  'card_account_onboardings',
  {
    id: id(),
    organisationId: organisationId(),
    gymId: integer('gym_id')
      .notNull()
      .references(() => gyms.id, { onDelete: 'cascade' }),
    startedByUserId: integer('started_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `sandbox_connect` or `stripe`. */
    provider: text('provider').notNull(),
    /** The provider's account (`acct_…`) the onboarding fills in. */
    accountId: text('account_id').notNull(),
    stateHash: text('state_hash').unique(),
    stateExpiresAt: instant('state_expires_at').notNull(),
    finishedAt: instant('finished_at'),
    ...timestamps(),
  },
  (t) => [index('card_account_onboardings_gym_idx').on(t.gymId)],
)
