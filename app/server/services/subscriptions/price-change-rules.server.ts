import type { GraceUnit } from '~/contracts/enums'
import { frequencyWords } from '~/contracts/frequency-words'
import type { priceChangeHistory, prices, subscriptions } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { addDays, type CalendarDateString, calendarDateAt } from '~/server/billing/calendar'
import { gracePeriodEnd } from '~/server/billing/grace-periods'
import { priceChangeTakesEffectOn, rollPeriod, type ScheduleSubscription } from '~/server/billing/next-charge'
import { isRecurringFrequency, type Pause } from '~/server/billing/periods'
import { comparePriceRates } from '~/server/billing/term-value'
import { priceChangeMail } from '~/server/mail/templates.server'
import { validationError } from '../service-input.server'

/**
 * The rules of a scheduled price change (SPEC §4), pure: which price a membership may move to, from
 * when, what its history line, its history words and the member's notice say. One membership from its
 * page (`schedulePriceChange`) and many at once (`schedulePriceChanges`) both read them (ADR 018).
 */

type Subscription = typeof subscriptions.$inferSelect
export type Price = typeof prices.$inferSelect

/** The organisation's term-membership grace period (a term membership moves on after it). */
export interface TermGrace {
  amount: number
  unit: GraceUnit
}

/** Whether the membership may move to `to` on `date`; a 422 on the field that is wrong. */
export function assertPriceChange(options: {
  subscription: Pick<Subscription, 'priceId'>
  to: Pick<Price, 'id' | 'archivedAt'> | undefined
  date: CalendarDateString | null | undefined
  now: Date
}): void {
  const { to, date } = options
  if (!to || to.archivedAt) throw validationError('priceId', 'Choose a price that is still on sale.')
  if (to.id === options.subscription.priceId)
    throw validationError('priceId', 'The membership is on this price already.')
  if (date && date < calendarDateAt(options.now))
    throw validationError('date', 'The change cannot take effect in the past.')
}

/**
 * Whether the change waits for the end of a term: with no date chosen, a membership within its term
 * moves when the term is over, after the organisation's term-membership grace period.
 */
export function waitsForTermEnd(options: {
  subscription: Pick<Subscription, 'termEndsAt'>
  date: CalendarDateString | null | undefined
  now: Date
}): boolean {
  const { termEndsAt } = options.subscription
  return !options.date && termEndsAt !== null && termEndsAt > calendarDateAt(options.now)
}

/**
 * When the change takes effect: the chosen date; else a term membership's term end plus the grace
 * period (`termGrace`; the term end itself without one); else the end of the current period.
 * `onDate` is the day kept on the membership (null: "at the period end").
 */
export function priceChangeTiming(options: {
  subscription: Pick<Subscription, 'termEndsAt' | 'currentPeriodEnd'>
  date: CalendarDateString | null | undefined
  termGrace: TermGrace | null
  now: Date
}): { onDate: CalendarDateString | null; takesEffectOn: CalendarDateString } {
  const { subscription, date, termGrace } = options
  const termEndsAt = subscription.termEndsAt
  const termTransition =
    termEndsAt && waitsForTermEnd(options)
      ? termGrace
        ? gracePeriodEnd({ from: termEndsAt, amount: termGrace.amount, unit: termGrace.unit })
        : termEndsAt
      : null
  const onDate = date ?? termTransition
  return { onDate, takesEffectOn: onDate ?? subscription.currentPeriodEnd ?? calendarDateAt(options.now) }
}

/**
 * The two days of one membership's change to `to` booked for `date`: the day kept on the membership
 * (`priceChangeTiming`) and the day the new price is first charged (`priceChangeFirstChargedOn`).
 */
export function priceChangeDays(
  options: Parameters<typeof priceChangeTiming>[0] &
    Omit<Parameters<typeof priceChangeFirstChargedOn>[0], 'onDate' | 'bookedOn'>,
): { onDate: CalendarDateString | null; takesEffectOn: CalendarDateString } {
  const { onDate, takesEffectOn: bookedOn } = priceChangeTiming(options)
  return { onDate, takesEffectOn: priceChangeFirstChargedOn({ ...options, onDate, bookedOn }) }
}

/**
 * The day a change booked with `onDate` (null: at the period end) is first charged, by the engine's
 * rule (`priceChangeTakesEffectOn`: the first renewal on or after the booked day, pauses and the term
 * rules included), read off the membership with the change set on it. What the e-mail, the previews,
 * the history line, the member's page and the notice before a rise all name. A membership the change
 * would never reach (it ends first, or it is not billed by period) keeps `bookedOn`, the day chosen.
 */
export function priceChangeFirstChargedOn(options: {
  subscription: ScheduleSubscription
  from: Pick<Price, 'billingFrequency'>
  to: Pick<Price, 'id'>
  onDate: CalendarDateString | null
  bookedOn: CalendarDateString
  pauses: readonly Pause[]
  now: Date
}): CalendarDateString {
  const { from, pauses } = options
  const subscription = { ...options.subscription, ...priceChangeTransition(options) }
  const today = calendarDateAt(options.now)
  const on = priceChangeTakesEffectOn({ subscription, frequency: from.billingFrequency, pauses, today })
  if (on !== null) return on
  // A renewal the daily run has yet to write (today's, before 06:00) takes the change today.
  const rolled = isRecurringFrequency(from.billingFrequency)
    ? rollPeriod({ subscription, frequency: from.billingFrequency, pauses, today })
    : null
  return rolled?.priceChange?.on ?? options.bookedOn
}

export type PriceChangeKind = 'rise' | 'cut' | 'same'

/**
 * Notice before a price rise (issue 25): a change that costs the member more over time (a year of it,
 * whatever the frequencies) takes effect no sooner than the organisation's notice period from today; a
 * cut or the same price may take effect any day, and so may anything when the organisation asks for no
 * notice (0 days). What kind of change it is, the earliest day a rise may
 * take effect, and the refusal in words when it comes too soon (null when it may go ahead).
 */
export function priceRiseNotice(options: {
  subscription: Pick<Subscription, 'forcePriceAmount'>
  from: Pick<Price, 'amount' | 'billingFrequency'>
  to: Pick<Price, 'amount' | 'billingFrequency'>
  takesEffectOn: CalendarDateString
  noticeDays: number
  now: Date
}): { kind: PriceChangeKind; earliest: CalendarDateString; refused: string | null } {
  const { from, to, noticeDays } = options
  const fromRate = {
    amount: options.subscription.forcePriceAmount ?? from.amount,
    billingFrequency: from.billingFrequency,
  }
  const difference = comparePriceRates(to, fromRate)
  const kind: PriceChangeKind = difference > 0 ? 'rise' : difference < 0 ? 'cut' : 'same'
  const earliest = addDays(calendarDateAt(options.now), noticeDays)
  const refused =
    kind === 'rise' && noticeDays > 0 && options.takesEffectOn < earliest
      ? `Price rises need ${noticeDays} ${noticeDays === 1 ? "day's" : "days'"} notice: the earliest day is ${formatDate(earliest)}`
      : null
  return { kind, earliest, refused }
}

/** Refuses a rise with too little notice (`priceRiseNotice`), on the day's field. */
export function assertPriceRiseNotice(options: Parameters<typeof priceRiseNotice>[0]): void {
  const { refused } = priceRiseNotice(options)
  if (refused) throw validationError('date', refused)
}

/** The membership's columns that hold a scheduled change. */
export function priceChangeTransition(options: { to: Pick<Price, 'id'>; onDate: CalendarDateString | null }) {
  return {
    transitionToPriceId: options.to.id,
    transitionTakesEffectAt: options.onDate ? ('date' as const) : ('period_end' as const),
    transitionToDate: options.onDate,
  }
}

/** The price-change history line: amounts copied as they are now. */
export function priceChangeHistoryValues(options: {
  subscription: Pick<Subscription, 'id' | 'organisationId' | 'userId' | 'priceId' | 'forcePriceAmount'>
  from: Pick<Price, 'amount'> | undefined
  to: Pick<Price, 'id' | 'amount'>
  takesEffectOn: CalendarDateString
  scheduledByUserId: number
  now: Date
}): typeof priceChangeHistory.$inferInsert {
  const { subscription, from, to } = options
  return {
    organisationId: subscription.organisationId,
    subscriptionId: subscription.id,
    userId: subscription.userId,
    fromPriceId: subscription.priceId,
    toPriceId: to.id,
    fromAmount: subscription.forcePriceAmount ?? from?.amount ?? 0,
    toAmount: to.amount,
    takesEffectOn: options.takesEffectOn,
    scheduledByUserId: options.scheduledByUserId,
    createdAt: options.now,
  }
}

/** The member's history line about a scheduled change, in the words staff read. */
export function priceChangeScheduledDescription(options: { toAmount: number; takesEffectOn: string }) {
  return `Price change to ${formatCents(options.toAmount)} scheduled for ${formatDate(options.takesEffectOn)}; the member was e-mailed`
}

/** An offering as a price-change notice names it: its name and its opening hours in words. */
export interface OfferingWords {
  name: string
  hours: string | null
}

/** "a rise of $4.00" / "a cut of $4.00" between two amounts charged as often; null when equal. */
export function priceDifferenceWords(fromAmount: number, toAmount: number): string | null {
  if (toAmount === fromAmount) return null
  return toAmount > fromAmount
    ? `a rise of ${formatCents(toAmount - fromAmount)}`
    : `a cut of ${formatCents(fromAmount - toAmount)}`
}

/**
 * The member's notice of a change to `to` on `on`: what staff preview and what the outbox sends. The
 * price now is a forced amount, else the current price's; the offering and its hours are named when
 * they change too (`offerings` by id).
 */
export function priceChangeNotice(options: {
  organisationName: string
  member: { name: string; email: string }
  subscription: Pick<Subscription, 'forcePriceAmount'>
  from: Pick<Price, 'amount' | 'billingFrequency' | 'offeringId'>
  to: Pick<Price, 'amount' | 'billingFrequency' | 'offeringId'>
  on: CalendarDateString
  offerings: ReadonlyMap<number, OfferingWords>
}) {
  const { subscription, from, to, offerings } = options
  const fromAmount = subscription.forcePriceAmount ?? from.amount
  const side = (price: Pick<Price, 'billingFrequency' | 'offeringId'>, amount: number) => ({
    offering: offerings.get(price.offeringId)?.name ?? '',
    price: `${formatCents(amount)} ${frequencyWords[price.billingFrequency]}`,
    hours: offerings.get(price.offeringId)?.hours ?? null,
  })
  const mail = priceChangeMail({
    organisationName: options.organisationName,
    recipientName: options.member.name,
    takesEffectOn: formatDate(options.on),
    from: side(from, fromAmount),
    to: side(to, to.amount),
    difference:
      from.billingFrequency === to.billingFrequency ? priceDifferenceWords(fromAmount, to.amount) : null,
  })
  return { to: options.member.email, ...mail }
}
