import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { instant, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationRecord } from './organisations'
import { users } from './users'

/**
 * A member's open-banking connection (Akahu's OAuth, PROVIDERS.md §2). `state` ties the consent page's
 * return to the member who started it; the access token is what later calls use, and is never logged.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
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
    ...organisationRecord(),
    gymId: reference('gym_id', () => gyms.id, 'cascade'),
    startedByUserId: reference('started_by_user_id', () => users.id, 'cascade'),
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
