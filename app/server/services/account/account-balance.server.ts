import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { nothingOwedMessage } from '~/contracts/account-payments'
import { failureReasonWords } from '~/contracts/payment-filters'
import type { Db } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { findOwedFailures } from '~/server/billing/engine/owed-periods.server'
import { recordAudit } from '../audit/record-audit.server'
import { createPaymentLink } from '../payment-links/mail-payment-link.server'

interface Member {
  db: Db
  organisationId: number
  userId: number
}

async function memberSubscriptions({ db, organisationId, userId }: Member) {
  return db
    .select({
      id: subscriptions.id,
      organisationId: subscriptions.organisationId,
      userId: subscriptions.userId,
      balanceOwing: subscriptions.balanceOwing,
      gracePeriodEndsAt: subscriptions.gracePeriodEndsAt,
      cancelledAt: subscriptions.cancelledAt,
    })
    .from(subscriptions)
    .where(and(ownedBy(subscriptions, organisationId), eq(subscriptions.userId, userId)))
}

/**
 * What the member owes now (issue 28): each owed period's latest failure (as the pay page lists them,
 * `findOwedFailures`), the balance the engine keeps, and the grace period's last day.
 */
export async function findAccountBalance(member: Member) {
  const subs = await memberSubscriptions(member)
  const owed = await findOwedFailures(
    member.db,
    subs.map((sub) => sub.id),
  )
  const owing = subs.filter((sub) => owed.some((payment) => payment.subscriptionId === sub.id))
  const grace = owing
    .filter((sub) => !sub.cancelledAt && sub.gracePeriodEndsAt)
    .map((sub) => sub.gracePeriodEndsAt as string)
    .sort()
  return {
    balanceOwing: owing.reduce((sum, sub) => sum + sub.balanceOwing, 0),
    gracePeriodEndsAt: grace[0] ?? null,
    owed: owed.map((payment) => ({
      paymentId: payment.id,
      dueOn: payment.dueOn,
      // The fee owed, as the pay page shows it; a card surcharge comes on top when paying by card.
      amount: payment.amount - payment.creditUsed,
      reason: failureReasonWords(payment.errorStatus, payment.errorDescription),
    })),
  }
}

/** A pay page of the member's own works for a day: long enough for a bank's consent and back. */
const ACCOUNT_LINK_DAYS = 1

/**
 * The member's "Pay now" (issue 28): a single-use payment link for the membership that owes, for the
 * pay page (issue 16) to charge with their saved method or a new card or bank account, so paying from
 * the account is the pay page's one path (the engine's claim, on-session card approval, the receipt
 * e-mail, the grace period ended). Made by the member (`created_by_user_id` is theirs, so the pay page
 * offers the way back to the account); nothing owed is a 409 in words. Issuing charges nothing, so a
 * double press makes two links, and the pay page's charge holds the period (`lockOwedPeriod`).
 */
export async function issueAccountPaymentLink(member: Member & { now: Date }): Promise<{ token: string }> {
  const { db, now } = member
  await consumeLimit({ db, name: 'accountPaymentLink', key: `member:${member.userId}` })
  return db.transaction(async (tx) => {
    const subs = await memberSubscriptions({ ...member, db: tx })
    const owed = await findOwedFailures(
      tx,
      subs.map((sub) => sub.id),
    )
    const newest = owed.at(-1)
    const subscription = newest && subs.find((sub) => sub.id === newest.subscriptionId)
    if (!subscription) throw new AppError('CONFLICT', nothingOwedMessage)
    const { token } = await createPaymentLink(tx, {
      now,
      subscription,
      createdByUserId: member.userId,
      days: ACCOUNT_LINK_DAYS,
    })
    await recordAudit(tx, {
      organisationId: member.organisationId,
      actorUserId: member.userId,
      action: 'payment.link_opened',
      subjectType: 'member',
      subjectId: member.userId,
      changes: {
        subscription_id: subscription.id,
        description: `Opened a pay page from their account for ${formatCents(subscription.balanceOwing)} owed.`,
      },
    })
    return { token }
  })
}
