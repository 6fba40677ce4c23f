import { eq, inArray } from 'drizzle-orm'
import { deskMethodLabels } from '~/contracts/desk-methods'
import type { DeskPaymentMethod } from '~/contracts/enums'
import { nextPaymentSentence } from '~/contracts/next-charge-words'
import type { Db } from '~/db/client.server'
import { paymentMethods, payments } from '~/db/schema'
import { formatDate, formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { toNextChargeResource } from '~/server/api/resources/next-charge'
import { type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import { chargedTotal, type NextCharge } from '~/server/billing/next-charge'
import { findNextCharge } from '~/server/billing/next-charge.server'
import type { Mailer } from '../auth/mailer'
import { describePaymentMethod } from '../payment-methods/describe-payment-method'
import { membershipName, sendMemberNotice } from './send-member-notice.server'

/**
 * The member's written confirmation of each change staff (or they) make to their membership or money
 * (issue 25), one function per change, each queued in the change's own transaction (`db` is it). They
 * state the change itself (days and amounts of it) and then the next charge as it now stands, read
 * after the change in the same transaction from the one rule every screen uses (`findNextCharge`,
 * ADR 031).
 */
interface NoticeContext {
  db: Db
  mailer: Mailer
  now: Date
  memberId: number
  subscriptionId: number
  /**
   * The membership's name and next charge as the change has just worked them out in this transaction
   * (`changeMembership`); read here when not given.
   */
  membership?: { name: string; nextCharge: NextCharge | null } | undefined
}

/** The next charge after the change, in the member's words; said plainly when nothing more is charged. */
async function nextChargeFact(options: NoticeContext): Promise<string> {
  const charge = options.membership
    ? options.membership.nextCharge
    : await findNextCharge({ db: options.db, subscriptionId: options.subscriptionId, now: options.now })
  const answer = toNextChargeResource(charge)
  return answer ? nextPaymentSentence(answer) : 'Nothing more will be charged for this membership.'
}

/** How the notice names the membership: as the change worked it out, else read. */
function nameOf(options: NoticeContext): Promise<string> {
  return options.membership
    ? Promise.resolve(options.membership.name)
    : membershipName(options.db, options.subscriptionId)
}

export async function sendPauseNotice(
  options: NoticeContext & { startDate: CalendarDateString; endDate: CalendarDateString },
) {
  const name = await nameOf(options)
  await sendMemberNotice({
    ...options,
    subject: 'Your membership is paused',
    heading: 'Your membership is paused',
    facts: [
      `Your ${name} membership is paused from ${formatLongDate(options.startDate)} to ${formatLongDate(options.endDate)}, both days included.`,
      'You are not charged for the paused days: your billing dates move later by the days paused.',
      await nextChargeFact(options),
    ],
  })
}

export async function sendResumeNotice(
  options: NoticeContext & {
    /** A pause that was running (ended early) rather than one still ahead (withdrawn). */
    wasRunning: boolean
    pause: { startDate: CalendarDateString; endDate: CalendarDateString }
  },
) {
  const name = await nameOf(options)
  const today = calendarDateAt(options.now)
  await sendMemberNotice({
    ...options,
    subject: options.wasRunning ? 'Your pause has ended early' : 'Your planned pause is withdrawn',
    heading: options.wasRunning ? 'Your pause has ended early' : 'Your planned pause is withdrawn',
    facts: options.wasRunning
      ? [
          `Your ${name} membership is active again from ${formatLongDate(today)}: the pause planned to ${formatLongDate(options.pause.endDate)} has ended early.`,
          'Your billing dates are worked out again for the days you were paused.',
          await nextChargeFact(options),
        ]
      : [
          `The pause of your ${name} membership planned from ${formatLongDate(options.pause.startDate)} to ${formatLongDate(options.pause.endDate)} is withdrawn: your membership carries on without it.`,
          await nextChargeFact(options),
        ],
  })
}

export async function sendCancelNotice(
  options: NoticeContext & {
    immediately: boolean
    endsOn: CalendarDateString | null
    /** The member cancelled in their account (issue 28): they undo it there too. */
    selfService?: boolean | undefined
  },
) {
  const name = await nameOf(options)
  const today = calendarDateAt(options.now)
  const facts = options.immediately
    ? [
        `Your ${name} membership was cancelled today, ${formatLongDate(today)}. Your access has ended and nothing more will be charged.`,
      ]
    : options.endsOn
      ? [
          `Your ${name} membership is cancelled and ends on ${formatLongDate(options.endsOn)}. You keep your access until then, and it does not renew after that.`,
          options.selfService
            ? `Changed your mind? Undo the cancellation in your account (Pause or cancel) before ${formatLongDate(options.endsOn)}.`
            : `Changed your mind? Ask us before ${formatLongDate(options.endsOn)} and we can undo the cancellation.`,
        ]
      : [`Your ${name} membership is cancelled from ${formatLongDate(today)}.`]
  // A cancelled membership may still owe a retry of a failed payment: say it, or that nothing follows.
  if (!options.immediately) facts.push(await nextChargeFact(options))
  await sendMemberNotice({
    ...options,
    subject: 'Your membership is cancelled',
    heading: 'Your membership is cancelled',
    facts,
  })
}

export async function sendUndoCancelNotice(options: NoticeContext) {
  const name = await nameOf(options)
  await sendMemberNotice({
    ...options,
    subject: 'Your cancellation is undone',
    heading: 'Your cancellation is undone',
    facts: [
      `The cancellation of your ${name} membership has been undone: your membership carries on and renews as before.`,
      await nextChargeFact(options),
    ],
  })
}

export async function sendStartEarlyNotice(
  options: NoticeContext & {
    startDate: CalendarDateString
    originalStartDate: CalendarDateString
    proRataAmount: number
  },
) {
  const name = await nameOf(options)
  await sendMemberNotice({
    ...options,
    subject: 'Your membership has started early',
    heading: 'Your membership has started early',
    facts: [
      `Your ${name} membership starts today, ${formatLongDate(options.startDate)}, instead of on ${formatLongDate(options.originalStartDate)}.`,
      ...(options.proRataAmount > 0
        ? [
            `The days from today until ${formatLongDate(options.originalStartDate)} cost ${formatCents(options.proRataAmount)}, charged today.`,
          ]
        : []),
      await nextChargeFact(options),
    ],
  })
}

/** "in cash", "by EFTPOS", "by bank transfer", "" (other). */
function byDeskMethod(method: DeskPaymentMethod): string {
  if (method === 'cash') return ' in cash'
  if (method === 'other') return ''
  return ` by ${method === 'eftpos' ? 'EFTPOS' : deskMethodLabels[method].toLowerCase()}`
}

export async function sendDeskPaymentReceipt(
  options: NoticeContext & {
    paymentId: number
    amount: number
    method: DeskPaymentMethod
    /** The failed payment it settles, if any. */
    settles: { dueOn: CalendarDateString; amount: number } | null
  },
) {
  const name = await nameOf(options)
  const today = calendarDateAt(options.now)
  await sendMemberNotice({
    ...options,
    subject: 'Your payment receipt',
    heading: 'Thanks for your payment',
    facts: [
      `We received ${formatCents(options.amount)}${byDeskMethod(options.method)} at the desk on ${formatLongDate(today)} for your ${name} membership.`,
      ...(options.settles
        ? [
            `It settles the payment of ${formatCents(options.settles.amount)} due on ${formatLongDate(options.settles.dueOn)} that had failed.`,
          ]
        : []),
      await nextChargeFact(options),
    ],
    receipt: {
      number: `R-${options.paymentId}`,
      lines: [{ label: `${name} membership`, amount: options.amount }],
      status: `Paid ${formatDate(today)}${byDeskMethod(options.method)} at the desk.`,
    },
  })
}

export async function sendWaiverNotice(
  options: NoticeContext & { amount: number; dueOn: CalendarDateString },
) {
  const name = await nameOf(options)
  await sendMemberNotice({
    ...options,
    subject: 'A payment you owed is waived',
    heading: 'A payment you owed is waived',
    facts: [
      `We have waived the payment of ${formatCents(options.amount)} due on ${formatLongDate(options.dueOn)} for your ${name} membership: you no longer owe it, and it will not be charged again.`,
      await nextChargeFact(options),
    ],
  })
}

/**
 * A paid payment's lines on a receipt, in cents, adding up to what was charged (`chargedTotal`): the
 * e-mailed receipt after paying through a link and the receipt the member's account downloads (issue 28).
 */
export function paymentReceiptLines(
  name: string,
  payment: { dueOn: string; amount: number; surcharge: number; creditUsed: number },
): Array<{ label: string; amount: number }> {
  return [
    { label: `${name}, payment due ${formatDate(payment.dueOn)}`, amount: payment.amount },
    ...(payment.surcharge > 0 ? [{ label: 'Card surcharge', amount: payment.surcharge }] : []),
    ...(payment.creditUsed > 0 ? [{ label: 'Credit used', amount: -payment.creditUsed }] : []),
  ]
}

/**
 * After paying through a payment link: one receipt for what was paid and what the bank is still
 * sending, read from the payments themselves (amount, surcharge, credit used, method).
 */
export async function sendPaymentLinkReceipt(
  options: NoticeContext & { paid: Array<{ paymentId: number; status: 'sent' | 'pending' }> },
) {
  const { db, paid } = options
  if (paid.length === 0) return
  const rows = await db
    .select({ payment: payments, method: paymentMethods })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      inArray(
        payments.id,
        paid.map((entry) => entry.paymentId),
      ),
    )
    .orderBy(payments.dueOn, payments.id)
  if (rows.length === 0) return
  const name = await nameOf(options)
  const today = calendarDateAt(options.now)
  const method = rows.find((row) => row.method)?.method
  const methodLabel = method ? describePaymentMethod(method) : null
  const total = rows.reduce((sum, { payment }) => sum + chargedTotal(payment), 0)
  const pending = paid.some((entry) => entry.status === 'pending')
  const from = methodLabel ? ` from your ${methodLabel}` : ''
  await sendMemberNotice({
    ...options,
    subject: 'Your payment receipt',
    heading: 'Thanks for your payment',
    facts: [
      pending
        ? `Your payment of ${formatCents(total)}${from} for your ${name} membership is on its way; bank payments usually clear within a day.`
        : `We have received your payment of ${formatCents(total)}${from} for your ${name} membership.`,
      await nextChargeFact(options),
    ],
    receipt: {
      number: rows.map(({ payment }) => `R-${payment.id}`).join(', '),
      lines: rows.flatMap(({ payment }) => paymentReceiptLines(name, payment)),
      status: pending
        ? `Payment pending${from}.`
        : `Paid ${formatDate(today)}${methodLabel ? ` by ${methodLabel}` : ''}.`,
    },
  })
}
