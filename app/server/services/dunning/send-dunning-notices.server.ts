import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { dunningNotices, organisations, subscriptions, users } from '~/db/schema'
import type { DunningNoticeKind } from '~/db/schema/payment-recovery'
import { formatCents } from '~/lib/money'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { chainRoot, findOwedFailures } from '~/server/billing/engine/owed-periods.server'
import { needsMemberAction } from '~/server/billing/engine/policy'
import { cancelledForNonPaymentMail } from '~/server/mail/dunning-templates.server'
import type { Mailer } from '../auth/mailer'
import { mailPaymentLink, type SiteUrl } from '../payment-links/mail-payment-link.server'

/** The schedule of the failed-payment e-mails (ADR 027). */
export const dunningPolicy = {
  /** A failure this many days old or newer gets its notice (older ones predate the step: not mailed late). */
  failedNoticeWithinDays: 3,
  /** The reminder goes this many days before the grace period's last day. */
  graceReminderDaysBefore: 3,
  /** A cancellation for non-payment this recent gets its notice. */
  cancelledNoticeWithinDays: 2,
  /** Subscriptions looked at per batch. */
  batchSize: 500,
} as const

export interface DunningStats {
  paymentFailed: number
  graceEnding: number
  cancelledUnpaid: number
  /** Notices recorded but not e-mailed: the member turned payment reminders off. */
  notMailed: number
}

/**
 * The failed-payment e-mails (issue 16, ADR 027), a step of the billing jobs after each run and poll:
 * a notice with a payment link when a period's payment first fails, a reminder with a new link a few
 * days before the grace period ends, and a notice when the membership is cancelled for non-payment.
 * Each is recorded in `dunning_notices` in the same transaction as its e-mail, on a unique key, so a
 * rerun or two workers at once send it once. The two reminders respect the member's
 * `payment_reminders` preference; the cancellation notice is always sent.
 */
export async function sendDunningNotices(options: {
  db: Db
  now: Date
  mailer: Mailer
  siteUrl: SiteUrl
}): Promise<DunningStats> {
  const { db, now } = options
  const today = calendarDateAt(now)
  const stats: DunningStats = { paymentFailed: 0, graceEnding: 0, cancelledUnpaid: 0, notMailed: 0 }

  // 1 and 2: memberships that owe money and are still running.
  const owing = await db
    .select({
      id: subscriptions.id,
      gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
    })
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.balanceOwing} > 0`,
        isNull(subscriptions.cancelledAt),
        eq(subscriptions.isStaging, false),
      ),
    )
    .orderBy(subscriptions.id)
  for (let from = 0; from < owing.length; from += dunningPolicy.batchSize) {
    const batch = owing.slice(from, from + dunningPolicy.batchSize)
    const failures = await findOwedFailures(
      db,
      batch.map((row) => row.id),
    )
    const recentFrom = addDays(today, -dunningPolicy.failedNoticeWithinDays)
    for (const failure of failures) {
      if (failure.dueOn < recentFrom) continue
      const key = failure.periodStartAt ?? `payment:${chainRoot(failure)}`
      await notify({
        ...options,
        stats,
        kind: 'payment_failed',
        key,
        subscriptionId: failure.subscriptionId,
        failure,
      })
    }
    const reminderDay = addDays(today, dunningPolicy.graceReminderDaysBefore)
    for (const row of batch) {
      if (!row.gracePeriodEndsAt || row.gracePeriodEndsAt < today || row.gracePeriodEndsAt > reminderDay)
        continue
      const failure = failures.find((candidate) => candidate.subscriptionId === row.id)
      if (!failure) continue
      await notify({
        ...options,
        stats,
        kind: 'grace_ending',
        key: row.gracePeriodEndsAt,
        subscriptionId: row.id,
        failure,
      })
    }
  }

  // 3: memberships the schedule step cancelled for non-payment.
  const cancelled = await db
    .select({
      subscription: subscriptions,
      member: { id: users.id, name: users.name, email: users.email },
      organisationName: organisations.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(
      and(
        sql`${subscriptions.cancellationReasons} @> array['unpaid']::text[]`,
        gte(
          subscriptions.cancelledAt,
          new Date(now.getTime() - dunningPolicy.cancelledNoticeWithinDays * 86_400_000),
        ),
        lte(subscriptions.cancelledAt, now),
        sql`not exists (select 1 from ${dunningNotices} n where n.subscription_id = ${subscriptions.id} and n.kind = 'cancelled_unpaid')`,
      ),
    )
  for (const row of cancelled) {
    await db.transaction(async (tx) => {
      const recorded = await recordNotice(tx, {
        subscription: row.subscription,
        kind: 'cancelled_unpaid',
        key: row.subscription.cancelledAt?.toISOString() ?? 'cancelled',
        mailed: true,
        now,
      })
      if (!recorded) return
      await options.mailer.send({
        db: tx,
        organisationId: row.subscription.organisationId,
        to: row.member.email,
        // The member's history lists it; it holds no link (the payment-link e-mails are kept out).
        memberId: row.member.id,
        message: cancelledForNonPaymentMail({
          organisationName: row.organisationName,
          recipientName: row.member.name,
          amount: formatCents(row.subscription.balanceOwing),
        }),
      })
      stats.cancelledUnpaid += 1
    })
  }
  return stats
}

async function notify(options: {
  db: Db
  now: Date
  mailer: Mailer
  siteUrl: SiteUrl
  stats: DunningStats
  kind: Exclude<DunningNoticeKind, 'cancelled_unpaid'>
  key: string
  subscriptionId: number
  failure: Parameters<typeof mailPaymentLink>[0]['failure']
}) {
  const { now, kind } = options
  await options.db.transaction(async (tx) => {
    const [subscription] = await tx
      .select({
        id: subscriptions.id,
        organisationId: subscriptions.organisationId,
        userId: subscriptions.userId,
        paymentReminders: users.paymentReminders,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(eq(subscriptions.id, options.subscriptionId))
    if (!subscription) return
    // A payment only the member can approve is not a reminder: without the link it can never be paid.
    const mailed = subscription.paymentReminders || needsMemberAction(options.failure.errorStatus)
    const recorded = await recordNotice(tx, { subscription, kind, key: options.key, mailed, now })
    if (!recorded) return
    if (!mailed) {
      options.stats.notMailed += 1
      return
    }
    await mailPaymentLink({
      db: tx,
      now,
      mailer: options.mailer,
      siteUrl: options.siteUrl,
      subscriptionId: subscription.id,
      failure: options.failure,
      createdByUserId: null,
      kind,
    })
    if (kind === 'payment_failed') options.stats.paymentFailed += 1
    else options.stats.graceEnding += 1
  })
}

/** The notice's row, unless it exists already (then false: another run sent it). */
async function recordNotice(
  tx: Db,
  options: {
    subscription: { id: number; organisationId: number; userId: number }
    kind: DunningNoticeKind
    key: string
    mailed: boolean
    now: Date
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(dunningNotices)
    .values({
      organisationId: options.subscription.organisationId,
      userId: options.subscription.userId,
      subscriptionId: options.subscription.id,
      kind: options.kind,
      key: options.key,
      mailed: options.mailed,
      createdAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ id: dunningNotices.id })
  return inserted.length > 0
}
