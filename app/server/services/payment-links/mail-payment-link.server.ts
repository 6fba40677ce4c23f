import { eq } from 'drizzle-orm'
import { failureReasonWords } from '~/contracts/payment-filters'
import type { Db } from '~/db/client.server'
import { organisations, paymentLinks, subscriptions, users } from '~/db/schema'
import { formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { hashToken, randomToken } from '~/server/auth/tokens.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { isHardDecline } from '~/server/billing/engine/policy'
import { chargedTotal } from '~/server/billing/next-charge'
import { graceEndingMail, paymentFailedMail } from '~/server/mail/dunning-templates.server'
import { REAUTHENTICATE_AKAHU } from '~/server/providers/payments/payment-provider'
import type { Mailer } from '../auth/mailer'

/** A payment link works for this long (ADR 027): long enough to outlast the 14-day grace period's retries. */
export const PAYMENT_LINK_DAYS = 7

export type SiteUrl = (site: 'join' | 'console', path: string) => string

/** Where a link's token is opened: the join site's pay page. */
export const payUrl = (siteUrl: SiteUrl, token: string) =>
  siteUrl('join', `/pay?${new URLSearchParams({ token })}`)

/**
 * A new single-use link for what a membership owes, working for `days`: only the token's hash is
 * stored, the token itself goes to the member (in an e-mail, or to their own account's Pay button).
 */
export async function createPaymentLink(
  db: Db,
  options: {
    now: Date
    subscription: { id: number; organisationId: number; userId: number }
    createdByUserId: number | null
    days: number
  },
): Promise<{ token: string; expiresAt: Date }> {
  const { now, subscription } = options
  const token = randomToken()
  const expiresAt = new Date(now.getTime() + options.days * 24 * 60 * 60 * 1000)
  await db.insert(paymentLinks).values({
    organisationId: subscription.organisationId,
    userId: subscription.userId,
    subscriptionId: subscription.id,
    tokenHash: hashToken(token),
    createdByUserId: options.createdByUserId,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  })
  return { token, expiresAt }
}

/**
 * A new single-use link for what a membership owes, and the e-mail that carries it, in the caller's
 * transaction (the e-mail goes only if the link is kept). Only the token's hash is stored.
 */
export async function mailPaymentLink(options: {
  db: Db
  now: Date
  mailer: Mailer
  siteUrl: SiteUrl
  subscriptionId: number
  /** The failure the e-mail is about: its amount and reason in words. */
  failure: {
    amount: number
    surcharge: number
    creditUsed: number
    errorStatus: string | null
    errorDescription: string | null
  }
  createdByUserId: number | null
  kind: 'payment_failed' | 'grace_ending'
}): Promise<{ expiresAt: Date }> {
  const { db, now } = options
  const [row] = await db
    .select({
      subscription: subscriptions,
      member: { name: users.name, email: users.email },
      organisationName: organisations.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .where(eq(subscriptions.id, options.subscriptionId))
  if (!row) throw new Error(`Subscription ${options.subscriptionId} not found`)
  const { token, expiresAt } = await createPaymentLink(db, {
    now,
    subscription: row.subscription,
    createdByUserId: options.createdByUserId,
    days: PAYMENT_LINK_DAYS,
  })
  const { failure } = options
  const balance = row.subscription.balanceOwing
  const facts = {
    organisationName: row.organisationName,
    recipientName: row.member.name,
    amount: formatCents(balance > 0 ? balance : chargedTotal(failure)),
    reason: failureReasonWords(failure.errorStatus, failure.errorDescription),
    payUrl: payUrl(options.siteUrl, token),
    linkExpiresOn: formatLongDate(calendarDateAt(expiresAt)),
    graceEndsOn: row.subscription.gracePeriodEndsAt
      ? formatLongDate(row.subscription.gracePeriodEndsAt)
      : null,
    needsNewMethod: isHardDecline(failure.errorStatus),
    reconnectBank: failure.errorStatus === REAUTHENTICATE_AKAHU,
  }
  const message =
    options.kind === 'grace_ending' && facts.graceEndsOn
      ? graceEndingMail({ ...facts, graceEndsOn: facts.graceEndsOn })
      : paymentFailedMail(facts)
  await options.mailer.send({
    db,
    organisationId: row.subscription.organisationId,
    to: row.member.email,
    message,
  })
  return { expiresAt }
}
