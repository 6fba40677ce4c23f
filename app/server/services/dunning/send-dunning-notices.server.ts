import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { dunningNotices, organisations, subscriptions, users } from '~/db/schema'
import type { DunningNoticeKind } from '~/db/schema/payment-recovery'
import { formatCents } from '~/lib/money'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { chainRoot, findOwedFailures } from '~/server/billing/engine/owed-periods.server'
import { needsMemberAction } from '~/server/billing/engine/policy'
import { cancelledForNonPaymentMail } from '~/server/mail/dunning-templates.server'
import type { Mailer, MailMessage } from '../auth/mailer'
import {
  createPaymentLinks,
  PAYMENT_LINK_DAYS,
  type PaymentLinkFailure,
  paymentLinkMessage,
  type SiteUrl,
} from '../payment-links/mail-payment-link.server'

/** The schedule of the failed-payment e-mails (ADR 027). */
export const dunningPolicy = {
  /** A failure this many days old or newer gets its notice (older ones predate the step: not mailed late). */
  failedNoticeWithinDays: 3,
  /** The reminder goes this many days before the grace period's last day. */
  graceReminderDaysBefore: 3,
  /** A cancellation for non-payment this recent gets its notice. */
  cancelledNoticeWithinDays: 2,
  /** Subscriptions looked at per batch (one transaction of a few statements each). */
  batchSize: 5000,
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
  const recentFrom = addDays(today, -dunningPolicy.failedNoticeWithinDays)
  const reminderDay = addDays(today, dunningPolicy.graceReminderDaysBefore)
  for (let from = 0; from < owing.length; from += dunningPolicy.batchSize) {
    const batch = owing.slice(from, from + dunningPolicy.batchSize)
    const failures = await findOwedFailures(
      db,
      batch.map((row) => row.id),
    )
    const notices: PlannedNotice[] = []
    for (const failure of failures) {
      if (failure.dueOn < recentFrom) continue
      const key = failure.periodStartAt ?? `payment:${chainRoot(failure)}`
      notices.push({ kind: 'payment_failed', key, subscriptionId: failure.subscriptionId, failure })
    }
    const firstFailure = new Map<number, (typeof failures)[number]>()
    for (const failure of failures)
      if (!firstFailure.has(failure.subscriptionId)) firstFailure.set(failure.subscriptionId, failure)
    for (const row of batch) {
      if (!row.gracePeriodEndsAt || row.gracePeriodEndsAt < today || row.gracePeriodEndsAt > reminderDay)
        continue
      const failure = firstFailure.get(row.id)
      if (!failure) continue
      notices.push({ kind: 'grace_ending', key: row.gracePeriodEndsAt, subscriptionId: row.id, failure })
    }
    await notifyMany({ ...options, stats, notices })
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

interface PlannedNotice {
  kind: Exclude<DunningNoticeKind, 'cancelled_unpaid'>
  key: string
  subscriptionId: number
  failure: PaymentLinkFailure
}

/**
 * A batch's notices in one transaction, a few statements whatever its size: the subscriptions' facts
 * in one query, the notices recorded in one insert (`ON CONFLICT DO NOTHING` on their unique key: a
 * rerun or a second worker records none again), the links in one more, and the e-mails to the outbox
 * in one per organisation. A notice the member turned reminders off for is recorded, not mailed.
 */
async function notifyMany(options: {
  db: Db
  now: Date
  mailer: Mailer
  siteUrl: SiteUrl
  stats: DunningStats
  notices: readonly PlannedNotice[]
}) {
  const { now, stats } = options
  if (options.notices.length === 0) return
  await options.db.transaction(async (tx) => {
    const ids = [...new Set(options.notices.map((notice) => notice.subscriptionId))]
    const facts = await tx
      .select({
        id: subscriptions.id,
        organisationId: subscriptions.organisationId,
        userId: subscriptions.userId,
        balanceOwing: subscriptions.balanceOwing,
        gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
        paymentReminders: users.paymentReminders,
        memberName: users.name,
        memberEmail: users.email,
        organisationName: organisations.name,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
      .where(sql`${subscriptions.id} = any(${sql.param(ids)}::int[])`)
    const factsById = new Map(facts.map((row) => [row.id, row]))
    const planned = options.notices.flatMap((notice) => {
      const subscription = factsById.get(notice.subscriptionId)
      if (!subscription) return []
      // A payment only the member can approve is not a reminder: without the link it can never be paid.
      const mailed = subscription.paymentReminders || needsMemberAction(notice.failure.errorStatus)
      return [{ notice, subscription, mailed }]
    })
    if (planned.length === 0) return
    const inserted = await tx
      .insert(dunningNotices)
      .values(
        planned.map(({ notice, subscription, mailed }) => ({
          organisationId: subscription.organisationId,
          userId: subscription.userId,
          subscriptionId: subscription.id,
          kind: notice.kind,
          key: notice.key,
          mailed,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({
        subscriptionId: dunningNotices.subscriptionId,
        kind: dunningNotices.kind,
        key: dunningNotices.key,
      })
    const recorded = new Set(inserted.map((row) => `${row.subscriptionId}|${row.kind}|${row.key}`))
    const fresh = planned.filter(({ notice }) =>
      recorded.has(`${notice.subscriptionId}|${notice.kind}|${notice.key}`),
    )
    const toMail = fresh.filter((entry) => entry.mailed)
    stats.notMailed += fresh.length - toMail.length
    const links = await createPaymentLinks(tx, {
      now,
      subscriptions: toMail.map((entry) => entry.subscription),
      days: PAYMENT_LINK_DAYS,
    })
    const byOrganisation = new Map<number, { to: string; message: MailMessage }[]>()
    toMail.forEach(({ notice, subscription }, index) => {
      const link = links[index]
      if (!link) return
      const message = paymentLinkMessage({
        kind: notice.kind,
        siteUrl: options.siteUrl,
        token: link.token,
        expiresAt: link.expiresAt,
        organisationName: subscription.organisationName,
        memberName: subscription.memberName,
        subscription,
        failure: notice.failure,
      })
      const messages = byOrganisation.get(subscription.organisationId) ?? []
      messages.push({ to: subscription.memberEmail, message })
      byOrganisation.set(subscription.organisationId, messages)
      if (notice.kind === 'payment_failed') stats.paymentFailed += 1
      else stats.graceEnding += 1
    })
    for (const [organisationId, messages] of byOrganisation) {
      await options.mailer.sendMany({ db: tx, organisationId, messages })
    }
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
