import type { PaymentType } from '~/contracts/enums'
import type { organisations } from '~/db/schema/organisations'
import type { prices } from '~/db/schema/prices'
import { formatCents } from '~/lib/money'

/**
 * What a payment costs, in integer cents. Pure: the engine and the API pass the rows in.
 *
 * - A period costs the price's amount, unless staff forced another amount on the subscription.
 * - The joining fee is added to the member's first payment only. That first payment is either the
 *   first period, or, when the member starts before the date the gym bills everyone on, the pro-rata
 *   part up to that date (the first full period is then charged on that date, without the fee).
 * - A card surcharge (organisation setting: basis points of the amount plus a fixed fee) is added to
 *   card payments only; it is rounded half-up to whole cents.
 */

type PriceRow = typeof prices.$inferSelect
type OrganisationRow = typeof organisations.$inferSelect

/** The organisation's surcharge settings, under their column names, so a row can be passed as it is. */
export type CardSurchargeSettings = Pick<OrganisationRow, 'cardSurchargeBasisPoints' | 'cardSurchargeFixed'>

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a whole, non-negative number of cents, got ${value}`)
}

/** `a × b / c` rounded half-up, for non-negative integers, without a floating-point fraction. */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError(`Cannot divide by ${denominator}`)
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/** What one billing period costs: the forced amount when staff set one, else the price's amount. */
export function periodAmount(options: {
  price: Pick<PriceRow, 'amount'>
  forcePriceAmount?: number | null
}): number {
  const { price, forcePriceAmount } = options
  const amount = forcePriceAmount ?? price.amount
  assertCents(amount, 'A period amount')
  return amount
}

export interface FirstPayment {
  /** Total of the first payment: `base + joiningFee`. */
  amount: number
  /** The pro-rata amount when pro-rated, otherwise one period's amount. */
  base: number
  joiningFee: number
  isProRata: boolean
}

/**
 * The member's first payment. Pass `proRata` when the member starts before the first regular billing
 * date; a pro-rata of 0 days (start on the billing date) means no pro-rata, and the first period is
 * charged in full.
 */
export function firstPaymentAmount(options: {
  price: Pick<PriceRow, 'amount' | 'joiningFee'>
  forcePriceAmount?: number | null
  proRata?: { amount: number; days: number } | null
}): FirstPayment {
  const { price, proRata } = options
  assertCents(price.joiningFee, 'A joining fee')
  const isProRata = proRata != null && proRata.days > 0
  const base = isProRata ? proRata.amount : periodAmount(options)
  assertCents(base, 'A pro-rata amount')
  return { amount: base + price.joiningFee, base, joiningFee: price.joiningFee, isProRata }
}

/**
 * The card surcharge on an amount: `amount × basis points ÷ 10 000`, rounded half-up, plus the fixed
 * fee. Nothing is charged on nothing, so a zero amount carries no surcharge.
 */
export function cardSurcharge(options: { amount: number; settings: CardSurchargeSettings }): number {
  const { amount, settings } = options
  assertCents(amount, 'An amount')
  assertCents(settings.cardSurchargeFixed, 'A fixed surcharge')
  const basisPoints = settings.cardSurchargeBasisPoints
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000)
    throw new RangeError(`A surcharge rate must be 0–10 000 basis points, got ${basisPoints}`)
  if (amount === 0) return 0
  return divideRoundingHalfUp(amount * basisPoints, 10_000) + settings.cardSurchargeFixed
}

/** `2.95% + $0.30`; null when there is no surcharge at all. */
export function describeCardSurchargeRate(settings: CardSurchargeSettings): string | null {
  const parts: string[] = []
  if (settings.cardSurchargeBasisPoints > 0)
    parts.push(`${Number((settings.cardSurchargeBasisPoints / 100).toFixed(2))}%`)
  if (settings.cardSurchargeFixed > 0) parts.push(formatCents(settings.cardSurchargeFixed))
  return parts.length > 0 ? parts.join(' + ') : null
}

export interface SurchargeTotal {
  amount: number
  surcharge: number
  total: number
  /** The organisation's own wording when it has one; otherwise a sentence naming the rate; null if none. */
  surchargeText: string | null
}

/**
 * The answer of `GET /api/surcharge-total`: an amount, its surcharge for the payment method and the
 * total, with the text to show beside it. Bank-account and manual payments carry no surcharge; the text
 * is still given, so the sign-up screen can say what paying by card would cost.
 */
export function surchargeTotal(options: {
  amount: number
  paymentType: PaymentType
  settings: CardSurchargeSettings & Pick<OrganisationRow, 'generalCardSurchargeText'>
}): SurchargeTotal {
  const { amount, paymentType, settings } = options
  const surcharge = paymentType === 'stripe_card' ? cardSurcharge({ amount, settings }) : 0
  if (paymentType !== 'stripe_card') assertCents(amount, 'An amount')
  return { amount, surcharge, total: amount + surcharge, surchargeText: cardSurchargeText(settings) }
}

/** The organisation's own words for its card surcharge, else a sentence naming the rate; null if none. */
export function cardSurchargeText(
  settings: CardSurchargeSettings & Pick<OrganisationRow, 'generalCardSurchargeText'>,
): string | null {
  const ownText = settings.generalCardSurchargeText?.trim()
  if (ownText) return ownText
  const rate = describeCardSurchargeRate(settings)
  return rate ? `Card payments carry a surcharge of ${rate}.` : null
}
