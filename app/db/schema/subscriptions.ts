import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { priceTransitionTimings } from '~/contracts/enums'
import { createdAt, instant, isOneOf, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationRecord } from './organisations'
import { prices } from './prices'
import { privatePriceLinks, users } from './users'

/**
 * A member's subscription to a price at a gym. Only state lives here; what SPEC §3 lists as derived
 * (is_term_membership, payments_sum, upcoming_payment, …) is computed from this row, its price and its
 * payments. Billing boundaries are calendar dates in Pacific/Auckland (`date`, YYYY-MM-DD); moments
 * something happened are instants (`timestamptz`).
 *
 * History foreign keys (user, gym, price) use the default NO ACTION: a row with subscriptions cannot be
 * deleted, yet deleting a whole organisation still cascades, because NO ACTION is checked at the end of
 * the statement, after the cascade has removed the subscriptions too.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id),
    gymId: reference('gym_id', () => gyms.id),
    priceId: reference('price_id', () => prices.id),
    /** First day of membership; also the billing anchor (monthly on the 31st stays on month ends). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    currentPeriodStart: date('current_period_start', { mode: 'string' }),
    currentPeriodEnd: date('current_period_end', { mode: 'string' }),
    pausedAt: instant('paused_at'),
    pauseStartAt: date('pause_start_at', { mode: 'string' }),
    pauseEndAt: date('pause_end_at', { mode: 'string' }),
    pauseDaysCredit: integer('pause_days_credit').notNull().default(0),
    pauseDaysRemaining: integer('pause_days_remaining').notNull().default(0),
    cancelledAt: instant('cancelled_at'),
    cancellationReasons: text('cancellation_reasons').array().notNull().default(sql`'{}'::text[]`),
    cancellationComments: text('cancellation_comments'),
    undoCancellationUntil: instant('undo_cancellation_until'),
    gracePeriodEndsAt: date('grace_period_ends_at', { mode: 'string' }),
    upcomingState: text('upcoming_state'),
    initialState: text('initial_state'),
    transitionToPriceId: integer('transition_to_price_id').references(() => prices.id),
    /** With `date`, the change applies on `transition_to_date`; otherwise at the end of the period. */
    transitionTakesEffectAt: text('transition_takes_effect_at', { enum: priceTransitionTimings }),
    transitionToDate: date('transition_to_date', { mode: 'string' }),
    /** Cents charged each period instead of the price's amount, set by staff. */
    forcePriceAmount: integer('force_price_amount'),
    /** A subscription being assembled during registration, not yet confirmed by the member. */
    isStaging: boolean('is_staging').notNull().default(false),
    termEndsAt: date('term_ends_at', { mode: 'string' }),
    coolingPeriodEndsAt: date('cooling_period_ends_at', { mode: 'string' }),
    cancelledDuringCoolingOffPeriod: boolean('cancelled_during_cooling_off_period').notNull().default(false),
    /** Cents owed; kept equal to the sum of unpaid due payments by the billing engine. */
    balanceOwing: integer('balance_owing').notNull().default(0),
    periodsOwing: integer('periods_owing').notNull().default(0),
    /** Cents of credit (e.g. from a price change mid-period) that later payments consume (`credit_used`). */
    creditBalance: integer('credit_balance').notNull().default(0),
    /** Optimistic-lock counter: every update sets `version = version + 1 where version = <read>`. */
    version: integer('version').notNull().default(1),
    privatePriceLinkId: integer('private_price_link_id').references(() => privatePriceLinks.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    // Each member's latest membership (the members list, the dashboard's counts): one index probe.
    index('subscriptions_user_latest_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isStaging} = false`),
    index('subscriptions_gym_idx').on(t.gymId),
    index('subscriptions_price_idx').on(t.priceId),
    index('subscriptions_transition_to_price_idx').on(t.transitionToPriceId),
    index('subscriptions_organisation_period_end_idx').on(t.organisationId, t.currentPeriodEnd),
    check(
      'subscriptions_transition_takes_effect_at_check',
      isOneOf(t.transitionTakesEffectAt, priceTransitionTimings),
    ),
    check(
      'subscriptions_counters_check',
      sql`${t.pauseDaysCredit} >= 0 and ${t.pauseDaysRemaining} >= 0 and ${t.periodsOwing} >= 0 and ${t.creditBalance} >= 0 and ${t.version} >= 1`,
    ),
    check('subscriptions_force_price_amount_check', sql`${t.forcePriceAmount} >= 0`),
  ],
)

/** Every pause a subscription has had (SPEC §3 `pauses`), including cancelled ones. */
export const subscriptionPauses = pgTable(
  'subscription_pauses',
  {
    ...organisationRecord(),
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Pause credit days this pause used. */
    creditDaysUsed: integer('credit_days_used').notNull().default(0),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: instant('cancelled_at'),
    ...timestamps(),
  },
  (t) => [
    index('subscription_pauses_subscription_idx').on(t.subscriptionId, t.startDate),
    check(
      'subscription_pauses_dates_check',
      sql`${t.endDate} >= ${t.startDate} and ${t.creditDaysUsed} >= 0`,
    ),
  ],
)

/** Scheduled and applied price changes, for the member's price-change history. */
export const priceChangeHistory = pgTable(
  'price_change_history',
  {
    ...organisationRecord(),
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    userId: reference('user_id', () => users.id),
    fromPriceId: integer('from_price_id').references(() => prices.id, { onDelete: 'set null' }),
    toPriceId: integer('to_price_id').references(() => prices.id, { onDelete: 'set null' }),
    // Amounts copied at the time, so history still reads right after a price is edited or deleted.
    fromAmount: integer('from_amount').notNull(),
    toAmount: integer('to_amount').notNull(),
    takesEffectOn: date('takes_effect_on', { mode: 'string' }).notNull(),
    scheduledByUserId: integer('scheduled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: instant('applied_at'),
    emailSentAt: instant('email_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_change_history_user_idx').on(t.userId, t.createdAt),
    index('price_change_history_subscription_idx').on(t.subscriptionId),
    check('price_change_history_amounts_check', sql`${t.fromAmount} >= 0 and ${t.toAmount} >= 0`),
  ],
)

/**
 * The membership agreement a member accepted when joining (issue 14): the words they saw, the name they
 * typed and the tick for charges made while they are away, with the moment and address. `client_key` is
 * the confirm screen's idempotency key: pressing twice, a retried request or a second tab with the same
 * key find this row and its subscription instead of making another.
 */
export const membershipAgreements = pgTable(
  'membership_agreements',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    clientKey: text('client_key').notNull(),
    typedName: text('typed_name').notNull(),
    offSessionConsent: boolean('off_session_consent').notNull(),
    /** The agreement as shown, in plain text, so what was agreed can always be shown again. */
    text: text('text').notNull(),
    acceptedAt: instant('accepted_at').notNull(),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('membership_agreements_user_client_key_idx').on(t.userId, t.clientKey),
    index('membership_agreements_subscription_idx').on(t.subscriptionId),
  ],
)
