import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, isOneOf, reference, timestamps } from './columns'
import { organisationRecord } from './organisations'
import { subscriptions } from './subscriptions'
import { users } from './users'

/**
 * A link that lets a member pay what their membership owes (issue 16, ADR 027): sent by staff or by the
 * failed-payment notice. Only the token's hash is kept; the link works until it has paid what was owed
 * (`used_at`) or `expires_at` has passed.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    tokenHash: text('token_hash').notNull().unique(),
    /** Staff who sent it; null when the failed-payment notice did. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    ...timestamps(),
  },
  (t) => [index('payment_links_subscription_idx').on(t.subscriptionId, t.createdAt)],
)

export const dunningNoticeKinds = ['payment_failed', 'grace_ending', 'cancelled_unpaid'] as const
export type DunningNoticeKind = (typeof dunningNoticeKinds)[number]

/**
 * The failed-payment e-mails already sent (ADR 027): one per subscription, kind and key (the owed
 * period's first failed payment, the grace period's last day, the cancellation), so the daily step that
 * sends them never sends one twice, however often it runs.
 */
export const dunningNotices = pgTable(
  'dunning_notices',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
    subscriptionId: reference('subscription_id', () => subscriptions.id, 'cascade'),
    kind: text('kind', { enum: dunningNoticeKinds }).notNull(),
    key: text('key').notNull(),
    /** False when the member's payment_reminders preference said not to e-mail it. */
    mailed: boolean('mailed').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dunning_notices_subscription_kind_key_unique').on(t.subscriptionId, t.kind, t.key),
    check('dunning_notices_kind_check', isOneOf(t.kind, dunningNoticeKinds)),
  ],
)
