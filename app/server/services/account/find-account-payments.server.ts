import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { AccountPaymentState } from '~/contracts/account-payments'
import { deskMethodLabels, settledAtDeskOn } from '~/contracts/desk-methods'
import { failureReasonWords } from '~/contracts/payment-filters'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { paymentMethods, payments } from '~/db/schema'
import { formatDate, formatLongDate } from '~/lib/dates'
import { calendarDateAt } from '~/server/billing/calendar'
import { chargedTotal } from '~/server/billing/next-charge'
import { isFailedPaymentStatus } from '~/server/billing/payment-statuses'
import { describePaymentMethod } from '../payment-methods/describe-payment-method'

type PaymentRow = typeof payments.$inferSelect
type MethodRow = typeof paymentMethods.$inferSelect

/** One of the member's payments as their account lists it: its state in words and what it was for. */
export interface AccountPaymentEntry {
  payment: PaymentRow
  amount: number
  state: AccountPaymentState
  stateWords: string
  forWords: string
}

/**
 * The member's own payments, newest due first, a page at a time (read off `payments_user_due_on_idx`),
 * each with its state in the member's words (issue 28). A failed payment says what became of it: paid
 * later (by a retry, a payment link or at the desk), another try booked, or still owed.
 */
export async function findAccountPaymentPage(options: {
  db: Db
  organisationId: number
  userId: number
  page: number
  perPage: number
}): Promise<{ rows: AccountPaymentEntry[]; total: number }> {
  const { db, organisationId, userId } = options
  const mine = and(ownedBy(payments, organisationId), eq(payments.userId, userId))
  const [counted, rows] = await readTogether(db, [
    () => db.select({ total: count() }).from(payments).where(mine),
    () =>
      db
        .select({ payment: payments, method: paymentMethods })
        .from(payments)
        .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
        .where(mine)
        .orderBy(desc(payments.dueOn), desc(payments.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage),
  ])
  const failed = rows.filter(({ payment }) => isFailedPaymentStatus(payment.status))
  const siblings = await periodSiblings(
    db,
    userId,
    failed.map(({ payment }) => payment),
  )
  return {
    total: counted[0]?.total ?? 0,
    rows: rows.map(({ payment, method }) => ({
      payment,
      amount: chargedTotal(payment),
      ...describeState(payment, method, siblings),
      forWords: forWords(payment),
    })),
  }
}

/** The other payments of the failed rows' periods: what became of each failure. */
async function periodSiblings(db: Db, userId: number, failed: PaymentRow[]) {
  const periods = failed.flatMap((payment) => (payment.periodStartAt ? [payment.periodStartAt] : []))
  if (periods.length === 0) return []
  return db
    .select({
      id: payments.id,
      subscriptionId: payments.subscriptionId,
      periodStartAt: payments.periodStartAt,
      status: payments.status,
      dueOn: payments.dueOn,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.subscriptionId, [...new Set(failed.map((payment) => payment.subscriptionId))]),
        isNotNull(payments.periodStartAt),
        inArray(payments.periodStartAt, [...new Set(periods)]),
        inArray(payments.status, ['sent', 'pending_request', 'upcoming']),
      ),
    )
}

type Sibling = Awaited<ReturnType<typeof periodSiblings>>[number]

function describeState(
  payment: PaymentRow,
  method: MethodRow | null,
  siblings: Sibling[],
): { state: AccountPaymentState; stateWords: string } {
  const by = method ? ` from your ${describePaymentMethod(method)}` : ''
  switch (payment.status) {
    case 'sent':
      return {
        state: 'paid',
        stateWords: `Paid on ${formatLongDate(paidDay(payment))}${paidHow(payment, method)}`,
      }
    case 'pending_request':
      return {
        state: 'on_its_way',
        stateWords: `On its way${by}: bank payments usually clear within a day`,
      }
    case 'upcoming':
      return {
        state: 'upcoming',
        stateWords: `${payment.isRetry ? 'Another try' : 'Due'} on ${formatLongDate(payment.dueOn)}${by}`,
      }
    case 'waived':
      return { state: 'waived', stateWords: 'Waived by the gym: you don’t owe it' }
    case 'refunded':
      return { state: 'refunded', stateWords: 'Refunded to you' }
    case 'cancelled':
      return { state: 'cancelled', stateWords: 'Cancelled: not charged' }
  }
  const reason = failureReasonWords(payment.errorStatus, payment.errorDescription)
  const desk = settledAtDeskOn(payment.meta)
  if (desk)
    return {
      state: 'settled',
      stateWords: `Failed (${reason}), then paid at the desk on ${formatLongDate(desk)}`,
    }
  const same = siblings.filter(
    (other) =>
      other.id !== payment.id &&
      other.subscriptionId === payment.subscriptionId &&
      other.periodStartAt === payment.periodStartAt,
  )
  const paid = same.find((other) => other.status === 'sent')
  if (paid) {
    return {
      state: 'settled',
      stateWords: `Failed (${reason}), then paid on ${formatLongDate(paidDay(paid))}`,
    }
  }
  if (same.some((other) => other.status === 'pending_request')) {
    return { state: 'settled', stateWords: `Failed (${reason}); a later payment is on its way` }
  }
  const retry = same.filter((other) => other.status === 'upcoming' && other.dueOn >= payment.dueOn).at(0)
  if (retry) {
    return {
      state: 'retrying',
      stateWords: `Failed (${reason}): we’ll try again on ${formatLongDate(retry.dueOn)}`,
    }
  }
  return { state: 'owed', stateWords: `Failed (${reason}): still owed` }
}

/** The day it was paid: `paid_at` in Auckland, or the day it was due for a row without one. */
function paidDay(payment: { paidAt: Date | null; dueOn: string }): string {
  return payment.paidAt ? calendarDateAt(payment.paidAt) : payment.dueOn
}

/** " by Visa ending 4242", " in cash at the desk", "". */
function paidHow(payment: PaymentRow, method: MethodRow | null): string {
  if (payment.type === 'manual') {
    return payment.deskMethod ? ` at the desk (${deskMethodLabels[payment.deskMethod]})` : ' at the desk'
  }
  return method ? ` by ${describePaymentMethod(method)}` : ''
}

/** What a payment was for: its period, pro-rated or tried again; else the day it was due. */
function forWords(payment: PaymentRow): string {
  if (!payment.periodStartAt || !payment.periodEndAt)
    return `Membership payment due ${formatDate(payment.dueOn)}`
  const period = `${formatDate(payment.periodStartAt)} – ${formatDate(payment.periodEndAt)}`
  if (payment.isProRata) return `Part period ${period}`
  return `Membership ${period}`
}
