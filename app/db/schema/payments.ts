import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import {
  deskPaymentMethods,
  type PaymentStatus,
  paymentAttemptStatuses,
  paymentProviders,
  paymentTypes,
} from '~/contracts/enums'
import { instant, isOneOf, reference, timestamps } from './columns'
import { destinationAccounts, gyms } from './gyms'
import { organisationRecord } from './organisations'
import { subscriptions } from './subscriptions'
import { paymentMethods, users } from './users'

/**
 * One payment owed for one billing period of a subscription (or a joining fee, pro-rata or manual
 * payment). Created `upcoming` ahead of `due_on` and charged on it. Money columns are integer cents.
 */
export const payments = pgTable(
  'payments',
  {
    ...organisationRecord(),
    subscriptionId: reference('subscription_id', () => subscriptions.id),
    userId: reference('user_id', () => users.id),
    gymId: reference('gym_id', () => gyms.id),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    destinationAccountId: integer('destination_account_id').references(() => destinationAccounts.id, {
      onDelete: 'set null',
    }),
    amount: integer('amount').notNull(),
    surcharge: integer('surcharge').notNull().default(0),
    periodStartAt: date('period_start_at', { mode: 'string' }),
    periodEndAt: date('period_end_at', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    // Plain text on purpose; see `paymentStatuses`.
    status: text('status').$type<PaymentStatus>().notNull().default('upcoming'),
    type: text('type', { enum: paymentTypes }).notNull(),
    /** A payment taken at the desk (`type` manual): cash, EFTPOS, bank transfer or other. */
    deskMethod: text('desk_method', { enum: deskPaymentMethods }),
    isRetry: boolean('is_retry').notNull().default(false),
    isProRata: boolean('is_pro_rata').notNull().default(false),
    /** Charge attempts made so far; the attempts themselves are in `payment_attempts`. */
    attempt: integer('attempt').notNull().default(0),
    pollCount: integer('poll_count').notNull().default(0),
    akahuPaymentId: text('akahu_payment_id'),
    stripeId: text('stripe_id'),
    creditUsed: integer('credit_used').notNull().default(0),
    errorStatus: text('error_status'),
    errorDescription: text('error_description'),
    /** Staff set the amount by hand: recalculation (price change, pro-rata) must leave it alone. */
    forceAmount: boolean('force_amount').notNull().default(false),
    processedByUserId: integer('processed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: instant('paid_at'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** Guards creation: the billing engine derives it from subscription and period so a rerun cannot duplicate. */
    idempotencyKey: text('idempotency_key').unique(),
    ...timestamps(),
  },
  (t) => [
    // The payments list's sorts, each ending in the id that breaks its ties, so a page (even page 2,000)
    // is read off the index in order. The status after the id lets the list skip withdrawn payments
    // without reading them.
    index('payments_organisation_status_due_on_id_idx').on(t.organisationId, t.status, t.dueOn, t.id),
    index('payments_organisation_due_on_id_idx').on(t.organisationId, t.dueOn, t.id, t.status),
    index('payments_organisation_amount_id_idx').on(t.organisationId, t.amount, t.id),
    // The few failed payments and retries, so those filters read their own rows in the list's order. The
    // list is `notFailedPaymentStatuses` (tests/integration/payment-visit-totals.test.ts holds them equal).
    index('payments_organisation_failed_due_on_id_idx')
      .on(t.organisationId, t.dueOn, t.id)
      .where(
        sql`${t.status} not in ('sent', 'upcoming', 'pending_request', 'cancelled', 'refunded', 'waived')`,
      ),
    index('payments_organisation_retry_due_on_id_idx')
      .on(t.organisationId, t.dueOn, t.id)
      .where(sql`${t.isRetry}`),
    // The billing run claims due work across all organisations.
    index('payments_status_due_on_idx').on(t.status, t.dueOn),
    index('payments_subscription_idx').on(t.subscriptionId, t.dueOn),
    // A member's payments on their page, newest first.
    index('payments_user_due_on_idx').on(t.userId, t.dueOn),
    // One regular payment per period (retries are extra rows): the engine relies on it to create a
    // period's payment exactly once, however many runs overlap.
    uniqueIndex('payments_subscription_period_unique')
      .on(t.subscriptionId, t.periodStartAt)
      .where(sql`${t.isRetry} = false and ${t.periodStartAt} is not null and ${t.status} <> 'cancelled'`),
    index('payments_user_idx').on(t.userId, t.dueOn),
    index('payments_gym_idx').on(t.gymId),
    index('payments_payment_method_idx').on(t.paymentMethodId),
    index('payments_akahu_payment_id_idx').on(t.akahuPaymentId),
    index('payments_stripe_id_idx').on(t.stripeId),
    check('payments_type_check', isOneOf(t.type, paymentTypes)),
    check('payments_desk_method_check', isOneOf(t.deskMethod, deskPaymentMethods)),
    check(
      'payments_amounts_check',
      sql`${t.amount} >= 0 and ${t.surcharge} >= 0 and ${t.creditUsed} >= 0 and ${t.attempt} >= 0 and ${t.pollCount} >= 0`,
    ),
  ],
)

/**
 * One attempt to charge a payment. The row, with its idempotency key, is written before the provider is
 * called, so a crash or a second worker retries with the same key and the provider charges at most once.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    ...organisationRecord(),
    paymentId: reference('payment_id', () => payments.id, 'cascade'),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    status: text('status', { enum: paymentAttemptStatuses }).notNull().default('started'),
    providerReference: text('provider_reference'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    uniqueIndex('payment_attempts_payment_attempt_unique').on(t.paymentId, t.attempt),
    index('payment_attempts_provider_reference_idx').on(t.providerReference),
    check('payment_attempts_provider_check', isOneOf(t.provider, paymentProviders)),
    check('payment_attempts_status_check', isOneOf(t.status, paymentAttemptStatuses)),
    check('payment_attempts_attempt_check', sql`${t.attempt} >= 1`),
  ],
)
