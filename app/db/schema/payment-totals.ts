import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { reference } from './columns'
import { organisationId } from './organisations'
import { users } from './users'

/** The key every payments totals table shares after its own columns: gym, status, type and retry. */
function paymentKey() {
  return {
    gymId: integer('gym_id').notNull(),
    status: text('status').notNull(),
    type: text('type').notNull(),
    isRetry: boolean('is_retry').notNull(),
  }
}

/** What every payments totals table counts: the payments and their money (amount plus surcharge, cents). */
function paymentFigures() {
  return {
    payments: integer('payments').notNull(),
    money: bigint('money', { mode: 'number' }).notNull(),
  }
}

/**
 * The payments list's totals without reading the payments (ADR 028): how many payments, and their money
 * (amount plus surcharge, in cents), per organisation, due day, gym, status, type and whether a retry.
 * The list's count and totals without a member search or an amount range are a sum over the days and
 * keys the filters select (an amount range reads `payment_amount_totals`).
 *
 * Nothing in the application writes it: statement-level triggers on `payments` keep it (migration
 * 0021), so the billing engine's status changes, a waive, a withdrawal, a bulk insert or a hand-written
 * fix all move it. A key whose payments all moved away keeps a row of zeros.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    organisationId: organisationId(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    ...paymentKey(),
    ...paymentFigures(),
  },
  (t) => [
    primaryKey({
      name: 'payment_day_totals_pk',
      columns: [t.organisationId, t.dueOn, t.gymId, t.status, t.type, t.isRetry],
    }),
  ],
)

/**
 * The visits list's count without reading the visits (ADR 028): visits per organisation, Auckland
 * calendar day of `visited_at`, gym and outcome, kept by statement-level triggers on `visits`
 * (migration 0021).
 */
export const visitDayCounts = pgTable(
  'visit_day_counts',
  {
    organisationId: organisationId(),
    day: date('day', { mode: 'string' }).notNull(),
    gymId: integer('gym_id').notNull(),
    successful: boolean('successful').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [
    primaryKey({ name: 'visit_day_counts_pk', columns: [t.organisationId, t.day, t.gymId, t.successful] }),
  ],
)

/**
 * The same totals per member instead of per day (ADR 028): a member search's totals are a sum over the
 * matching members' few rows here, not over their payments. Kept by the same triggers as
 * `payment_day_totals`.
 */
export const paymentMemberTotals = pgTable(
  'payment_member_totals',
  {
    organisationId: organisationId(),
    userId: reference('user_id', () => users.id, 'cascade'),
    ...paymentKey(),
    ...paymentFigures(),
  },
  (t) => [
    primaryKey({
      name: 'payment_member_totals_pk',
      columns: [t.organisationId, t.userId, t.gymId, t.status, t.type, t.isRetry],
    }),
  ],
)

/**
 * The same totals per payment amount instead of per day (ADR 028): the count and totals of an amount
 * range (with scope, status, type and retries, but no due days or member search) are a sum over the
 * few amounts an organisation charges (its prices and their pro-rata fractions), not over the third of
 * its payments that match. `amount` is the payment's amount without its surcharge, as the list's amount
 * filter reads it; `money` is amount plus surcharge, as in the other totals. Kept by the same triggers
 * as `payment_day_totals` (migration 0022).
 */
export const paymentAmountTotals = pgTable(
  'payment_amount_totals',
  {
    organisationId: organisationId(),
    ...paymentKey(),
    amount: integer('amount').notNull(),
    ...paymentFigures(),
  },
  (t) => [
    primaryKey({
      name: 'payment_amount_totals_pk',
      columns: [t.organisationId, t.gymId, t.status, t.type, t.isRetry, t.amount],
    }),
  ],
)

/** Visits per member, gym and outcome (ADR 028): a member search's count, kept with `visit_day_counts`. */
export const visitMemberCounts = pgTable(
  'visit_member_counts',
  {
    organisationId: organisationId(),
    userId: reference('user_id', () => users.id, 'cascade'),
    gymId: integer('gym_id').notNull(),
    successful: boolean('successful').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'visit_member_counts_pk',
      columns: [t.organisationId, t.userId, t.gymId, t.successful],
    }),
  ],
)
