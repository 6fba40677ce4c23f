import { addDays, addMonths, type CalendarDateString, instantAt } from './calendar'
import {
  DAILY_RUN_TIME,
  type NextCharge,
  nextCharge,
  projectedRenewals,
  recurringOrNull,
  rollPeriod,
  type ScheduledPayment,
} from './next-charge'

/**
 * The charges ahead, as the engine would take them (issue 28: the member's costs calendar): `nextCharge`
 * asked again and again, each time as things will stand once the engine has taken the charge before.
 * Nothing here decides an amount or a day: each charge IS `nextCharge`'s answer on the morning after
 * the one before, so the first is what every screen and e-mail names, and the rest follow the same rules
 * (pauses move periods, a scheduled price change applies on its renewal, charges stop at the membership's
 * end). Between two answers the projection only records what the engine will have done by then:
 * - the payments it took that day are paid (`sent`), so they are not taken again;
 * - every period it has entered by that day has its payment (the schedule step creates one for each, a
 *   week ahead or, when missed, at once), so `nextCharge` does not count it again.
 * It assumes each charge succeeds; a charge that fails brings a retry, which the real next charge shows.
 */
export function projectCharges(
  options: Parameters<typeof nextCharge>[0] & {
    /** The last day to project (inclusive). */
    until: CalendarDateString
  },
): NextCharge[] {
  const { until, ...given } = options
  let rules = given
  const charges: NextCharge[] = []
  const payments: ScheduledPayment[] = [...rules.payments]
  let lastId = payments.reduce((max, payment) => Math.max(max, payment.id), 0)
  // A daily membership is charged at most once a day: a year holds at most 366 charges.
  for (let step = 0; step < 400; step += 1) {
    const charge = nextCharge({ ...rules, payments })
    if (!charge || charge.on > until) break
    charges.push(charge)
    for (const [index, payment] of payments.entries()) {
      if (takenBy(payment, charge.on)) payments[index] = { ...payment, status: 'sent' }
    }
    for (const renewal of projectedRenewals({ ...rules, today: charge.on })) {
      if (renewal.start > charge.on) continue
      const created = payments.some(
        (payment) =>
          !payment.isRetry && payment.status !== 'cancelled' && payment.periodStartAt === renewal.start,
      )
      if (created) continue
      lastId += 1
      payments.push({
        id: lastId,
        dueOn: renewal.start,
        amount: charge.amount,
        surcharge: charge.surcharge,
        creditUsed: 0,
        status: 'sent',
        type: charge.methodType ?? 'bank_account',
        isRetry: false,
        periodStartAt: renewal.start,
      })
    }
    // The next answer is asked just after that day's run, of the membership as that run leaves it.
    rules = {
      ...rules,
      ...rolledTo(rules, charge.on),
      now: new Date(instantAt(charge.on, DAILY_RUN_TIME).getTime() + 60_000),
    }
  }
  return charges
}

type ProjectionRules = Omit<Parameters<typeof nextCharge>[0], 'payments'>

/**
 * The membership as the schedule step leaves it on `day` (`planAdvance`, written by `writePlans`): its
 * current period rolled to the one containing the day (`rollPeriod`), on the price a scheduled change
 * moved it to, the change and any forced amount cleared once applied. Only so that each next answer
 * need not roll from the first period again (a daily membership's year would take seconds); what is
 * charged is the same either way, and tests/integration/billing/charge-projection.test.ts holds it to
 * the engine.
 */
function rolledTo(rules: ProjectionRules, day: CalendarDateString): Partial<ProjectionRules> {
  const { subscription, price, transitionPrice, pauses } = rules
  const frequency = recurringOrNull(price.billingFrequency)
  if (!frequency) return {}
  const newFrequency = recurringOrNull(transitionPrice?.billingFrequency)
  const rolled = rollPeriod({ subscription, frequency, newFrequency, pauses, today: day })
  if (!rolled || rolled.renewals === 0) return {}
  const moved = {
    ...subscription,
    currentPeriodStart: rolled.current.start,
    currentPeriodEnd: rolled.current.end,
    priceId: rolled.priceId,
  }
  if (!rolled.priceChange || !transitionPrice) return { subscription: moved }
  return {
    subscription: {
      ...moved,
      transitionToPriceId: null,
      transitionTakesEffectAt: null,
      transitionToDate: null,
      forcePriceAmount: null,
    },
    price: transitionPrice,
    transitionPrice: null,
  }
}

/** An upcoming card or bank payment the engine takes at the run of `day` (or earlier). */
function takenBy(payment: ScheduledPayment, day: CalendarDateString): boolean {
  return (
    payment.status === 'upcoming' &&
    (payment.type === 'bank_account' || payment.type === 'stripe_card') &&
    payment.dueOn <= day
  )
}

/**
 * The months a projection from `today` covers: this month and the `months - 1` after it, so a year
 * ahead is twelve whole calendar months (this one from today). Answers each month's first day and the
 * projection's last day.
 */
export function projectionMonths(
  today: CalendarDateString,
  months: number,
): { months: CalendarDateString[]; until: CalendarDateString } {
  const first = `${today.slice(0, 7)}-01`
  const starts = Array.from({ length: months }, (_, index) => addMonths(first, index))
  return { months: starts, until: addDays(addMonths(first, months), -1) }
}
