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

/** The failed payment a payment-link e-mail is about. */
export interface PaymentLinkFailure {
  amount: number
  surcharge: number
  creditUsed: number
  errorStatus: string | null
  errorDescription: string | null
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
  failure: PaymentLinkFailure
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
  const message = paymentLinkMessage({
    kind: options.kind,
    siteUrl: options.siteUrl,
    token,
    expiresAt,
    organisationName: row.organisationName,
    memberName: row.member.name,
    subscription: row.subscription,
    failure: options.failure,
  })
  await options.mailer.send({
    db,
    organisationId: row.subscription.organisationId,
    to: row.member.email,
    message,
  })
  return { expiresAt }
}

/** The e-mail that carries a payment link: the failure's amount and reason, the link, its expiry. */
export function paymentLinkMessage(options: {
  kind: 'payment_failed' | 'grace_ending'
  siteUrl: SiteUrl
  token: string
  expiresAt: Date
  organisationName: string
  memberName: string
  subscription: { balanceOwing: number; gracePeriodEndsAt: string | null }
  failure: PaymentLinkFailure
}) {
  const { failure, subscription } = options
  const balance = subscription.balanceOwing
  const facts = {
    organisationName: options.organisationName,
    recipientName: options.memberName,
    amount: formatCents(balance > 0 ? balance : chargedTotal(failure)),
    reason: failureReasonWords(failure.errorStatus, failure.errorDescription),
    payUrl: payUrl(options.siteUrl, options.token),
    linkExpiresOn: formatLongDate(calendarDateAt(options.expiresAt)),
    graceEndsOn: subscription.gracePeriodEndsAt ? formatLongDate(subscription.gracePeriodEndsAt) : null,
    needsNewMethod: isHardDecline(failure.errorStatus),
    reconnectBank: failure.errorStatus === REAUTHENTICATE_AKAHU,
  }
  return options.kind === 'grace_ending' && facts.graceEndsOn
    ? graceEndingMail({ ...facts, graceEndsOn: facts.graceEndsOn })
    : paymentFailedMail(facts)
}

/**
 * Many new single-use links at once (one statement), for the billing run's notices: `createPaymentLink`
 * for each subscription, tokens returned in order. Only the hashes are stored.
 */
export async function createPaymentLinks(
  db: Db,
  options: {
    now: Date
    subscriptions: ReadonlyArray<{ id: number; organisationId: number; userId: number }>
    days: number
  },
): Promise<{ token: string; expiresAt: Date }[]> {
  const { now } = options
  const expiresAt = new Date(now.getTime() + options.days * 24 * 60 * 60 * 1000)
  const links = options.subscriptions.map((subscription) => ({ subscription, token: randomToken() }))
  if (links.length === 0) return []
  await db.insert(paymentLinks).values(
    links.map(({ subscription, token }) => ({
      organisationId: subscription.organisationId,
      userId: subscription.userId,
      subscriptionId: subscription.id,
      tokenHash: hashToken(token),
      createdByUserId: null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })),
  )
  return links.map(({ token }) => ({ token, expiresAt }))
}
