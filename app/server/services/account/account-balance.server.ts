import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { nothingOwedMessage } from '~/contracts/account-payments'
import { formatDayRange } from '~/contracts/billing-debugging'
import { failureReasonWords } from '~/contracts/payment-filters'
import type { Db } from '~/db/client.server'
import { subscriptions } from '~/db/schema'
import { formatDate } from '~/lib/dates'
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
 * What the member owes now (issue 28), the one answer the account's overview and its payments page both
 * show: each owed period's latest failure (as the pay page lists them, `findOwedFailures`) at what the
 * engine counts it owing (amount + surcharge − credit used, `recalculateBalanceOwing`'s sum), the
 * balance the engine keeps, and the grace period's last day.
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
    owed: owed.map((payment) => {
      const reason = failureReasonWords(payment.errorStatus, payment.errorDescription)
      return {
        paymentId: payment.id,
        dueOn: payment.dueOn,
        // As the engine's balance counts it, so the items add up to the balance shown beside them.
        amount: payment.amount + payment.surcharge - payment.creditUsed,
        reason,
        why: `${
          payment.periodStartAt && payment.periodEndAt
            ? `The payment for ${formatDayRange(payment.periodStartAt, payment.periodEndAt)}`
            : `The payment due ${formatDate(payment.dueOn)}`
        } didn’t go through: ${lowerFirst(reason)}.`,
      }
    }),
  }
}

const lowerFirst = (words: string) =>
  /^[A-Z][a-z]/.test(words) ? words.charAt(0).toLowerCase() + words.slice(1) : words

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
