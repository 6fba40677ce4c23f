import { and, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { BillingFrequency, PaymentMethodType, TermUnit } from '~/contracts/enums'
import { frequencyWords } from '~/contracts/frequency-words'
import { hasTerm } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { gyms, offerings, organisations, prices, privatePriceLinks, users } from '~/db/schema'
import { formatLongDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { cardSurcharge, cardSurchargeText, firstPaymentAmount } from '~/server/billing/amounts'
import { addDays, calendarDateAt, isCalendarDate } from '~/server/billing/calendar'
import { billingPeriod, isRecurringFrequency } from '~/server/billing/periods'
import { coolingOffEndDate, TERM_COOLING_OFF_DAYS, termEndDate } from '~/server/billing/term-membership'
import { termTotalValue } from '~/server/billing/term-value'
import { findJoinOfferings } from '../offerings/find-join-offerings.server'
import { describePaymentMethod } from '../payment-methods/describe-payment-method'
import { findMemberPaymentMethodList } from '../payment-methods/find-member-payment-methods.server'

/** How far ahead a member may start (the gym may open a new site, or they may be travelling). */
export const LATEST_START_DAYS = 60

export interface MembershipOptions {
  gym: { id: number; name: string; uuid: string }
  /** Set when the member joined through a private link: that price is the only choice. */
  privatePriceLinkId: number | null
  offerings: Awaited<ReturnType<typeof findJoinOfferings>>
}

/** What the member may choose on the confirm screen: their private link's price, or the gym's prices. */
export async function findMembershipOptions(options: {
  db: Db
  now: Date
  userId: number
}): Promise<MembershipOptions> {
  const { db } = options
  const [member] = await db
    .select({
      gym: { id: gyms.id, name: gyms.name, uuid: gyms.uuid },
      joinPriceLinkId: users.joinPriceLinkId,
    })
    .from(users)
    .innerJoin(gyms, eq(gyms.id, users.homeGymId))
    .where(and(eq(users.id, options.userId), isNull(users.deletedAt)))
  if (!member) throw new AppError('CONFLICT', 'Choose your gym before choosing a membership.')
  if (member.joinPriceLinkId !== null) {
    const [row] = await db
      .select({ link: privatePriceLinks, price: prices, offering: offerings })
      .from(privatePriceLinks)
      .innerJoin(prices, eq(prices.id, privatePriceLinks.priceId))
      .innerJoin(offerings, eq(offerings.id, prices.offeringId))
      .where(eq(privatePriceLinks.id, member.joinPriceLinkId))
    const usable =
      row &&
      !row.price.archivedAt &&
      !row.offering.archivedAt &&
      (!row.link.expiresAt || row.link.expiresAt > options.now)
    if (row && usable) {
      return {
        gym: member.gym,
        privatePriceLinkId: row.link.id,
        offerings: [{ offering: row.offering, prices: [row.price] }],
      }
    }
  }
  return {
    gym: member.gym,
    privatePriceLinkId: null,
    offerings: await findJoinOfferings({ db, gymUuid: member.gym.uuid }),
  }
}

export interface MembershipQuote {
  priceId: number
  privatePriceLinkId: number | null
  offeringName: string
  gymName: string
  startDate: string
  billingFrequency: BillingFrequency
  paymentType: PaymentMethodType | null
  paymentMethodLabel: string | null
  /** The first payment: one period (from the start date) plus any joining fee, and the card surcharge. */
  firstPayment: {
    periodAmount: number
    joiningFee: number
    surcharge: number
    total: number
    dueOn: string
    periodEnd: string | null
  }
  /** Taken today: the first payment when starting today, nothing when starting later. */
  dueToday: number
  recurring: { amount: number; surcharge: number; total: number; from: string } | null
  term: {
    amount: number
    unit: TermUnit
    endsOn: string
    totalValue: number
    coolingOffEndsOn: string
  } | null
  surchargeText: string | null
  /** The membership agreement as the member reads and accepts it. */
  agreement: string
}

/**
 * What joining on this price costs, in words and cents: today, then each period, the term and the
 * agreement (issue 14). The confirm screen shows it and `joinMembership` keeps the same agreement.
 */
export async function quoteMembership(options: {
  db: Db
  now: Date
  organisationId: number
  userId: number
  priceId: number
  startDate?: string | undefined
}): Promise<MembershipQuote> {
  const { db, now } = options
  const today = calendarDateAt(now)
  const startDate = options.startDate ?? today
  if (!isCalendarDate(startDate) || startDate < today || startDate > addDays(today, LATEST_START_DAYS)) {
    throw new AppError(
      'VALIDATION',
      `Choose a start date from today to ${formatLongDate(addDays(today, LATEST_START_DAYS))}.`,
      {
        fieldErrors: {
          start_date: [
            `Choose a start date from today to ${formatLongDate(addDays(today, LATEST_START_DAYS))}.`,
          ],
        },
      },
    )
  }
  const choices = await findMembershipOptions({ db, now, userId: options.userId })
  const chosen = choices.offerings
    .flatMap(({ offering, prices: list }) => list.map((price) => ({ offering, price })))
    .find(({ price }) => price.id === options.priceId)
  if (!chosen) {
    throw new AppError('VALIDATION', 'Choose one of the memberships shown.', {
      fieldErrors: { price_id: ['Choose one of the memberships shown.'] },
    })
  }
  const { offering, price } = chosen
  const [member] = await db
    .select({ name: users.name, organisation: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, options.userId), ownedBy(users, options.organisationId)))
  if (!member) throw new AppError('NOT_FOUND', 'Member not found.')
  const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId: options.userId })
  const method = methods.find((candidate) => candidate.id === defaultId) ?? null
  const onCard = method?.type === 'stripe_card'
  const surchargeOn = (amount: number) =>
    onCard ? cardSurcharge({ amount, settings: member.organisation }) : 0

  const first = firstPaymentAmount({ price })
  const recurringFrequency = isRecurringFrequency(price.billingFrequency) ? price.billingFrequency : null
  const period = recurringFrequency
    ? billingPeriod({ anchor: startDate, frequency: recurringFrequency, index: 0 })
    : null
  const firstPayment = {
    periodAmount: first.base,
    joiningFee: first.joiningFee,
    surcharge: surchargeOn(first.amount),
    total: first.amount + surchargeOn(first.amount),
    dueOn: startDate,
    periodEnd: period?.end ?? null,
  }
  const recurring =
    recurringFrequency && period
      ? {
          amount: price.amount,
          surcharge: surchargeOn(price.amount),
          total: price.amount + surchargeOn(price.amount),
          from: period.end,
        }
      : null
  const term = hasTerm(price)
    ? {
        amount: price.termAmount,
        unit: price.termUnit,
        endsOn: termEndDate({ startDate, termAmount: price.termAmount, termUnit: price.termUnit }),
        totalValue:
          termTotalValue({
            amount: price.amount,
            billingFrequency: price.billingFrequency,
            termAmount: price.termAmount,
            termUnit: price.termUnit,
          }) ?? 0,
        coolingOffEndsOn: coolingOffEndDate(startDate),
      }
    : null
  const surchargeText = cardSurchargeText(member.organisation)
  const paymentMethodLabel = method ? describePaymentMethod(method) : null
  const quote: Omit<MembershipQuote, 'agreement'> = {
    priceId: price.id,
    privatePriceLinkId: price.private ? choices.privatePriceLinkId : null,
    offeringName: offering.name,
    gymName: choices.gym.name,
    startDate,
    billingFrequency: price.billingFrequency,
    paymentType: method?.type ?? null,
    paymentMethodLabel,
    firstPayment,
    dueToday: startDate === today ? firstPayment.total : 0,
    recurring,
    term,
    surchargeText,
  }
  return {
    ...quote,
    agreement: agreementText({
      quote,
      memberName: member.name,
      organisationName: member.organisation.legalName ?? member.organisation.name,
    }),
  }
}

/**
 * The membership agreement (issue 14; PROVIDERS.md §4): the whole cost, how often it is charged, how to
 * pause and cancel, and the cooling-off right, in plain words. The text itself is kept with the member's
 * acceptance, so a later change of wording never changes what they agreed to.
 */
function agreementText(options: {
  quote: Omit<MembershipQuote, 'agreement'>
  memberName: string
  organisationName: string
}): string {
  const { quote, memberName, organisationName } = options
  const first = quote.firstPayment
  const lines = [
    `Membership agreement between ${memberName} and ${organisationName} for ${quote.offeringName} at ${quote.gymName}.`,
    '',
    `Start date: ${formatLongDate(quote.startDate)}.`,
    `First payment: ${formatCents(first.total)} on ${formatLongDate(first.dueOn)}` +
      (first.joiningFee > 0
        ? `, made of ${formatCents(first.periodAmount)} for the first period and a ${formatCents(first.joiningFee)} joining fee`
        : '') +
      (first.surcharge > 0 ? `, plus ${formatCents(first.surcharge)} card surcharge` : '') +
      '.',
  ]
  if (quote.recurring) {
    lines.push(
      `Then ${formatCents(quote.recurring.total)} ${frequencyWords[quote.billingFrequency]} from ${formatLongDate(quote.recurring.from)}` +
        (quote.recurring.surcharge > 0
          ? ` (including ${formatCents(quote.recurring.surcharge)} card surcharge)`
          : '') +
        ', until you cancel.',
    )
  } else {
    lines.push('This is a single payment; nothing more is charged.')
  }
  if (quote.paymentMethodLabel) {
    lines.push(
      `Payments are taken from your ${quote.paymentMethodLabel} on each due date, without asking you each time. You can change how you pay at any time.`,
    )
  }
  if (quote.term) {
    lines.push(
      '',
      `Minimum term: ${quote.term.amount} ${quote.term.unit}${quote.term.amount === 1 ? '' : 's'}, to ${formatLongDate(quote.term.endsOn)}. ` +
        `Over the term you agree to pay ${formatCents(quote.term.totalValue)} in all` +
        (quote.recurring?.surcharge ? ', plus any card surcharge' : '') +
        '. Cancelling before the term ends may mean paying the rest of the term.',
      `Cooling-off: you may cancel for any reason until ${formatLongDate(quote.term.coolingOffEndsOn)} (${TERM_COOLING_OFF_DAYS} days from your start) and pay only for the days you were a member.`,
    )
  }
  lines.push(
    '',
    'Pausing: you can ask the gym to pause your membership; no payments are taken while it is paused.',
    quote.term
      ? 'Cancelling: after your minimum term you can cancel at any time; your membership runs to the end of the period you have paid for.'
      : 'Cancelling: you can cancel at any time; your membership runs to the end of the period you have paid for and nothing more is charged.',
    'If a payment fails we will tell you and try again; your door access may stop until it is paid.',
    'Your rights under the Consumer Guarantees Act 1993 are not affected.',
  )
  return lines.join('\n')
}
