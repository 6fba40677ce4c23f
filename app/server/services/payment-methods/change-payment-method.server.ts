import { and, desc, eq, isNull } from 'drizzle-orm'
import type { BillingFrequency } from '~/contracts/enums'
import { frequencyWords } from '~/contracts/frequency-words'
import { nextPaymentSentence } from '~/contracts/next-charge-words'
import type { Db } from '~/db/client.server'
import { gyms, offerings, organisations, prices, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { toNextChargeResource } from '~/server/api/resources/next-charge'
import { cardSurchargeText, periodAmount } from '~/server/billing/amounts'
import { calendarDateAt } from '~/server/billing/calendar'
import { membershipEndsOn, type NextCharge, surchargeFor } from '~/server/billing/next-charge'
import { findNextCharge } from '~/server/billing/next-charge.server'
import { paymentMethodChangedMail } from '~/server/mail/templates.server'
import type { Mailer } from '../auth/mailer'
import { gymTakesCards, requireGymTakesCards } from '../gyms/gym-card-payments.server'
import { describePaymentMethod } from './describe-payment-method'
import { findMemberPaymentMethodList, type PaymentMethodRow } from './find-member-payment-methods.server'
import { switchPaymentMethod } from './switch-payment-method.server'

export const agreeFirstMessage =
  'This changes how your membership is paid. Check the new amount and agree to the change first.'

export interface PaymentMethodChangePreview {
  method: PaymentMethodRow
  currentMethod: PaymentMethodRow | null
  defaultId: number | null
  needsAgreement: boolean
  membership: {
    offeringName: string
    gymName: string
    billingFrequency: BillingFrequency
    amount: number
    currentSurcharge: number
    newSurcharge: number
    /** The next charge as it stands, and as it would be on the new method (`findNextCharge`). */
    nextChargeNow: NextCharge | null
    nextChargeAfter: NextCharge | null
  } | null
  surchargeText: string | null
}

/**
 * `GET /api/me/payment-types/{id}/change` (issue 25): what paying with this method from now on means,
 * before anything changes. The next charge as it stands and as it would be on the new method both come
 * from the one rule (`findNextCharge`, ADR 031; the new method's through `withMethod`, which moves the
 * upcoming payments as `switchPaymentMethod` does); the amount per period is the membership's
 * (`periodAmount`) with the engine's `surchargeFor` each way.
 * A member who has joined must agree to it (`needsAgreement`) unless it is already their method. A card
 * at a gym without a card account is refused here already, in words.
 */
export async function findPaymentMethodChange(options: {
  db: Db
  organisationId: number
  userId: number
  paymentMethodId: number
  now: Date
}): Promise<PaymentMethodChangePreview> {
  const { db, userId } = options
  const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId })
  const method = methods.find((candidate) => candidate.id === options.paymentMethodId)
  if (!method) throw new AppError('NOT_FOUND', 'Payment method not found.')
  if (method.type === 'stripe_card') await requireCardsAtHomeGym(db, userId)
  const currentMethod = methods.find((candidate) => candidate.id === defaultId) ?? null
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, options.organisationId))
  if (!organisation) throw new AppError('NOT_FOUND', 'Organisation not found.')
  const joined = await findJoinedMembership(db, userId, options.now)
  const surchargeOn = (amount: number, type: PaymentMethodRow['type'] | null) =>
    surchargeFor({ amount, type, settings: organisation })
  const charge = (withMethod?: { userId: number; type: PaymentMethodRow['type'] }) =>
    joined
      ? findNextCharge({ db, subscriptionId: joined.subscriptionId, now: options.now, withMethod })
      : null
  const membership = joined
    ? {
        offeringName: joined.offeringName,
        gymName: joined.gymName,
        billingFrequency: joined.billingFrequency,
        amount: joined.amount,
        currentSurcharge: surchargeOn(joined.amount, currentMethod?.type ?? null),
        newSurcharge: surchargeOn(joined.amount, method.type),
        nextChargeNow: await charge(),
        nextChargeAfter: await charge({ userId, type: method.type }),
      }
    : null
  return {
    method,
    currentMethod,
    defaultId,
    needsAgreement: membership !== null && method.id !== defaultId,
    membership,
    surchargeText: cardSurchargeText(organisation),
  }
}

/**
 * `POST /api/me/payment-types/{id}/switch` from the member (issue 25): their payments move to this
 * method (`switchPaymentMethod`: the default, and upcoming payments' method and surcharge) — for a
 * member who has joined only with `agreed`, and then confirmed to them by e-mail in the same
 * transaction. Nothing changes without the agreement; choosing the method already used changes nothing.
 */
export async function changePaymentMethod(options: {
  db: Db
  now: Date
  mailer: Mailer
  organisationId: number
  userId: number
  paymentMethodId: number
  agreed: boolean
}): Promise<void> {
  const { db } = options
  const change = await findPaymentMethodChange(options)
  if (change.method.id === change.defaultId) return
  if (change.needsAgreement && !options.agreed) throw new AppError('CONFLICT', agreeFirstMessage)
  const [member] = await db
    .select({ name: users.name, email: users.email, organisationName: organisations.name })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, options.userId), isNull(users.deletedAt)))
  if (!member) throw new AppError('NOT_FOUND', 'Member not found.')
  await db.transaction(async (tx) => {
    await switchPaymentMethod({ ...options, db: tx })
    if (!change.membership) return
    const { amount, newSurcharge, billingFrequency } = change.membership
    const every = frequencyWords[billingFrequency]
    // The next charge as it now stands, read after the move in this transaction (ADR 031).
    const joined = await findJoinedMembership(tx, options.userId, options.now)
    const next = joined
      ? toNextChargeResource(
          await findNextCharge({ db: tx, subscriptionId: joined.subscriptionId, now: options.now }),
        )
      : null
    await options.mailer.send({
      db: tx,
      organisationId: options.organisationId,
      memberId: options.userId,
      to: member.email,
      message: paymentMethodChangedMail({
        organisationName: member.organisationName,
        recipientName: member.name,
        membership: `${change.membership.offeringName} at ${change.membership.gymName}`,
        newMethod: describePaymentMethod(change.method),
        oldMethod: change.currentMethod ? describePaymentMethod(change.currentMethod) : null,
        amount: `${formatCents(amount + newSurcharge)} ${every}`,
        surcharge: newSurcharge > 0 ? `${formatCents(newSurcharge)} card surcharge` : null,
        nextPayment: next ? nextPaymentSentence(next) : 'Nothing more will be charged for this membership.',
      }),
    })
  })
}

/**
 * Whether the member has joined: a confirmed membership (not a join still being paid for) that has not
 * ended — one cancelled at its period end is still theirs until then, and may still owe a retry.
 */
export async function hasJoined(db: Db, userId: number, now: Date): Promise<boolean> {
  return (await findJoinedMembership(db, userId, now)) !== null
}

/** The member's newest confirmed membership that has not ended (`membershipEndsOn` after today). */
async function findJoinedMembership(db: Db, userId: number, now: Date) {
  const rows = await db
    .select({
      subscriptionId: subscriptions.id,
      cancelledAt: subscriptions.cancelledAt,
      undoCancellationUntil: subscriptions.undoCancellationUntil,
      forcePriceAmount: subscriptions.forcePriceAmount,
      price: prices,
      offeringName: offerings.name,
      gymName: gyms.name,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
  const today = calendarDateAt(now)
  const row = rows.find((candidate) => {
    const endsOn = membershipEndsOn(candidate)
    return endsOn === null || endsOn > today
  })
  if (!row) return null
  return {
    subscriptionId: row.subscriptionId,
    offeringName: row.offeringName,
    gymName: row.gymName,
    billingFrequency: row.price.billingFrequency,
    amount: periodAmount({ price: row.price, forcePriceAmount: row.forcePriceAmount }),
  }
}

/** Cards are saved and charged on the member's gym's own card account: none there, no card. */
export async function requireCardsAtHomeGym(db: Db, userId: number): Promise<void> {
  const [member] = await db.select({ homeGymId: users.homeGymId }).from(users).where(eq(users.id, userId))
  if (member?.homeGymId) await requireGymTakesCards({ db, gymId: member.homeGymId })
}

/** Whether the member's gym takes cards (`gymTakesCards`), for a page that offers them. */
export async function memberGymTakesCards(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ stripeId: gyms.stripeId, stripeChargesEnabled: gyms.stripeChargesEnabled })
    .from(users)
    .innerJoin(gyms, eq(gyms.id, users.homeGymId))
    .where(eq(users.id, userId))
  return row ? gymTakesCards(row) : false
}
