import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, organisations, users } from '~/db/schema'
import type { BillingFrequency } from '~/db/schema/enums'
import { AppError } from '~/lib/errors'
import { frequencyWords } from '~/lib/frequency-words'
import { formatCents } from '~/lib/money'
import { cardSurcharge, cardSurchargeText } from '~/server/billing/amounts'
import { paymentMethodChangedMail } from '~/server/mail/templates.server'
import type { Mailer } from '../auth/mailer'
import { gymTakesCards, requireGymTakesCards } from '../gyms/gym-card-payments.server'
import { findActiveMembership } from '../join/find-active-subscription.server'
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
  } | null
  surchargeText: string | null
}

/**
 * `GET /api/me/payment-types/{id}/change` (issue 25): what paying with this method from now on means,
 * before anything changes. The amount per period is the membership's (`periodAmount`, as the engine
 * bills it) and the surcharge the engine's own `cardSurcharge`, for the method used now and the new one.
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
  const active = await findActiveMembership({ db, userId, now: options.now })
  const surchargeOn = (amount: number, onCard: boolean) =>
    onCard ? cardSurcharge({ amount, settings: organisation }) : 0
  const membership = active
    ? {
        offeringName: active.membership.offering_name,
        gymName: active.membership.gym_name,
        billingFrequency: active.membership.billing_frequency,
        amount: active.membership.amount,
        currentSurcharge: surchargeOn(active.membership.amount, currentMethod?.type === 'stripe_card'),
        newSurcharge: surchargeOn(active.membership.amount, method.type === 'stripe_card'),
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
    await options.mailer.send({
      db: tx,
      organisationId: options.organisationId,
      to: member.email,
      message: paymentMethodChangedMail({
        organisationName: member.organisationName,
        recipientName: member.name,
        membership: `${change.membership.offeringName} at ${change.membership.gymName}`,
        newMethod: describePaymentMethod(change.method),
        oldMethod: change.currentMethod ? describePaymentMethod(change.currentMethod) : null,
        amount: `${formatCents(amount + newSurcharge)} ${every}`,
        surcharge: newSurcharge > 0 ? `${formatCents(newSurcharge)} card surcharge` : null,
      }),
    })
  })
}

/** Whether the member has joined: a confirmed membership that has not ended (the welcome page's). */
export async function hasJoined(db: Db, userId: number, now: Date): Promise<boolean> {
  return (await findActiveMembership({ db, userId, now })) !== null
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
