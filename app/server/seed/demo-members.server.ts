import type { OfferingType, PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import type { CardSurchargeSettings } from '~/server/billing/amounts'
import {
  addDays,
  type CalendarDateString,
  calendarDateAt,
  daysBetween,
  earlierDate,
  instantAt,
  laterDate,
} from '~/server/billing/calendar'
import { billingPeriodOn, billingPeriodStart, isRecurringFrequency } from '~/server/billing/periods'
import { addSandboxPaymentMethod } from '~/server/billing/simulation/add-sandbox-payment-method.server'
import type { Price } from '~/server/services/prices/create-price.server'
import { createPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import {
  createSubscription,
  type Subscription,
} from '~/server/services/subscriptions/create-subscription.server'
import type { CreateMemberInput, Member } from '~/server/services/users/create-member.server'
import type { RecordVisitInput } from '~/server/services/visits/record-visits.server'
import type { DemoEvent } from './demo-history'
import { planVisitHistory, type VisitSlot } from './demo-history'
import { earlierInstant, laterInstant, randomInstantOn } from './demo-time'
import { createFakeMember } from './factories/member-factory.server'
import { fakeCancellationReasons } from './nz-people'
import type { Random } from './random'

/** Where a demo member's subscription stands today: one per display state of SPEC §4, plus term ones. */
export const demoStates = [
  'active',
  'term',
  'cooling_off',
  'paused',
  'paused_future',
  'cancelled_undoable',
  'cancelled_past',
  'grace',
  'upcoming',
  'price_change',
] as const
export type DemoState = (typeof demoStates)[number]

export interface DemoGym {
  id: number
  name: string
  /** Key of `suburbsByArea`. */
  area: string
  /** Relative share of the organisation's members. */
  weight: number
}

export interface DemoPrice {
  price: Price
  offeringType: OfferingType
  /** The price of the same frequency a member on this one changes to (a scheduled price change). */
  changesTo?: string
}

/**
 * One organisation being seeded. Members are created up front (through the services, at the moment
 * they joined); what happened to them later (pauses, cancellations, price changes, cards that stopped
 * working) is queued on `events` (stored with the member, so a resumed seed still has them) for the day
 * loop, in which the billing engine makes every payment.
 */
export interface DemoOrganisation {
  db: Db
  random: Random
  organisationId: number
  /** The organisation's card surcharge, for members who switch to a card. */
  surcharge: CardSurchargeSettings
  gyms: DemoGym[]
  prices: Record<string, DemoPrice>
  /** Staff member who pauses memberships, schedules price changes and issues private links. */
  staffUserId: number
  now: Date
  today: CalendarDateString
  /** The first day of the history the engine makes (twelve months back). */
  historyFrom: CalendarDateString
  usedEmails: Set<string>
  events: DemoEvent[]
  visits: RecordVisitInput[]
}

export interface DemoMemberSpec {
  /** Names this member's own random stream, so other members do not shift when one changes. */
  label: string
  state: DemoState
  priceKey: string
  /** The first is the default and pays; the others are just saved. */
  methods: PaymentMethodType[]
  gym?: DemoGym
  startDate?: CalendarDateString
  /** No payment trouble: the member sign-in always pays. */
  reliable?: boolean
  overrides?: Partial<Omit<CreateMemberInput, 'organisationId'>>
}

/** Share of members whose card or account failed once in the year and who fixed it within days. */
const RECOVERED_TROUBLE_SHARE = 0.06
/** Share of past cancellations made by the engine: the card kept failing until the grace period ended. */
const UNPAID_CANCELLATION_SHARE = 0.25

/** A start date `minDays`–`maxDays` ago, half of them within the last year. */
function pastStart(
  random: Random,
  today: CalendarDateString,
  minDays: number,
  maxDays: number,
): CalendarDateString {
  const split = Math.min(Math.max(365, minDays), maxDays)
  const daysAgo = random.chance(0.5) ? random.int(minDays, split) : random.int(split, maxDays)
  return addDays(today, -daysAgo)
}

/** A moment in the afternoon of `day` (after the morning's billing jobs), never after `now`. */
function afternoonOf(random: Random, day: CalendarDateString, now: Date): Date {
  return earlierInstant(randomInstantOn(random, day, 10, 21), now)
}

/** A day from `from` to `to` (inclusive), or `to` when the range is empty. */
function dayBetween(random: Random, from: CalendarDateString, to: CalendarDateString): CalendarDateString {
  if (from > to) return to
  return addDays(from, random.int(0, daysBetween(from, to)))
}

interface Timeline {
  startDate: CalendarDateString
  registeredAt: Date
  pause?: { createdAt: Date; start: CalendarDateString; end: CalendarDateString }
  cancelledAt?: Date
  /**
   * The member's payment method stops working the day before a payment is due (`from`), and a working
   * one replaces it at `until` (never, for a member in grace or cancelled for non-payment).
   */
  trouble?: { from: Date; until: Date | null }
  /** A price change staff scheduled at `at`, to the price named by the member's `changesTo`. */
  priceChangeAt?: Date
  /** Visits stop after this day (a past cancellation). */
  visitsUntil?: CalendarDateString
}

/**
 * A failure in the year: the method stops working the day before the renewal that follows `around`, so
 * that payment (created a week ahead) fails; with `fixWithinDays` a working method follows within them,
 * and a retry pays the period.
 */
function troubleAround(
  random: Random,
  options: {
    anchor: CalendarDateString
    frequency: Price['billingFrequency']
    around: CalendarDateString
    fixWithinDays: number | null
  },
): { due: CalendarDateString; trouble: NonNullable<Timeline['trouble']> } {
  if (!isRecurringFrequency(options.frequency)) throw new Error('Demo members are on recurring prices')
  const due = billingPeriodOn({
    anchor: options.anchor,
    frequency: options.frequency,
    date: options.around,
  }).end
  return {
    due,
    trouble: {
      from: randomInstantOn(random, addDays(due, -1), 10, 21),
      until:
        options.fixWithinDays === null
          ? null
          : randomInstantOn(random, addDays(due, random.int(1, options.fixWithinDays)), 10, 21),
    },
  }
}

/** When this member joined, paused, cancelled or fell behind, relative to today. */
function planTimeline(
  random: Random,
  spec: DemoMemberSpec,
  price: Price,
  organisation: DemoOrganisation,
): Timeline {
  const { now, today, historyFrom } = organisation
  const frequency = price.billingFrequency
  if (!isRecurringFrequency(frequency)) throw new Error('Demo members are on recurring prices')
  const registered = (start: CalendarDateString) =>
    earlierInstant(randomInstantOn(random, addDays(start, -random.int(0, 3)), 7, 21), now)
  // Now and then a card is declined or an account runs dry, and the member fixes it within days.
  const maybeTrouble = (startDate: CalendarDateString): Timeline['trouble'] => {
    if (spec.reliable || !random.chance(RECOVERED_TROUBLE_SHARE)) return undefined
    // Early enough that the next renewal (up to a month on) and its retries are over by today.
    const from = addDays(laterDate(startDate, historyFrom), 14)
    const until = addDays(today, -45)
    if (from > until) return undefined
    return troubleAround(random, {
      anchor: startDate,
      frequency,
      around: dayBetween(random, from, until),
      fixWithinDays: 6,
    }).trouble
  }

  switch (spec.state) {
    case 'active': {
      const startDate = spec.startDate ?? pastStart(random, today, 10, 1100)
      return { startDate, registeredAt: registered(startDate), trouble: maybeTrouble(startDate) }
    }
    case 'term': {
      // Inside the 12-month term and past the cooling-off period.
      const startDate = spec.startDate ?? addDays(today, -random.int(10, 330))
      return { startDate, registeredAt: registered(startDate), trouble: maybeTrouble(startDate) }
    }
    case 'cooling_off': {
      const startDate = spec.startDate ?? addDays(today, -random.int(0, 5))
      return { startDate, registeredAt: registered(startDate) }
    }
    case 'upcoming': {
      const registeredAt = earlierInstant(
        randomInstantOn(random, addDays(today, -random.int(0, 5)), 7, 21),
        now,
      )
      return { startDate: addDays(today, random.int(2, 30)), registeredAt }
    }
    case 'paused': {
      const createdOn = addDays(today, -random.int(15, 40))
      const startDate = spec.startDate ?? pastStart(random, today, 80, 1100)
      return {
        startDate,
        registeredAt: registered(startDate),
        pause: {
          createdAt: randomInstantOn(random, createdOn, 10, 21),
          start: addDays(createdOn, random.int(1, 7)),
          end: addDays(today, random.int(3, 45)),
        },
      }
    }
    case 'paused_future': {
      const startDate = spec.startDate ?? pastStart(random, today, 30, 1100)
      const pauseStart = addDays(today, random.int(2, 20))
      return {
        startDate,
        registeredAt: registered(startDate),
        pause: {
          createdAt: afternoonOf(random, addDays(today, -random.int(0, 6)), now),
          start: pauseStart,
          end: addDays(pauseStart, random.int(6, 27)),
        },
      }
    }
    case 'cancelled_undoable': {
      // Cancelled during the current period, so the cancellation can be undone until the period ends.
      const startDate = spec.startDate ?? pastStart(random, today, 30, 1100)
      const period = billingPeriodOn({ anchor: startDate, frequency, date: today })
      const cancelledOn = addDays(today, -random.int(0, daysBetween(period.start, today)))
      return {
        startDate,
        registeredAt: registered(startDate),
        cancelledAt: afternoonOf(random, cancelledOn, now),
      }
    }
    case 'cancelled_past': {
      const startDate = spec.startDate ?? addDays(today, -random.int(75, 900))
      if (random.chance(UNPAID_CANCELLATION_SHARE)) {
        // The card kept failing: the engine cancels the membership when the grace period runs out.
        const { due, trouble } = troubleAround(random, {
          anchor: startDate,
          frequency,
          around: dayBetween(
            random,
            laterDate(addDays(startDate, 10), addDays(historyFrom, 7)),
            addDays(today, -70),
          ),
          fixWithinDays: null,
        })
        return { startDate, registeredAt: registered(startDate), trouble, visitsUntil: addDays(due, 14) }
      }
      const cancelledOn = dayBetween(
        random,
        laterDate(addDays(startDate, 20), addDays(historyFrom, 1)),
        addDays(today, -45),
      )
      const period = billingPeriodOn({ anchor: startDate, frequency, date: cancelledOn })
      return {
        startDate,
        registeredAt: registered(startDate),
        cancelledAt: afternoonOf(random, cancelledOn, now),
        visitsUntil: addDays(period.end, -1),
      }
    }
    case 'grace': {
      // The latest payment failed a few days ago (weekly members: the last two), so the grace period,
      // counted from the oldest failure, is still running today.
      const unpaidPeriods = frequency === 'weekly' ? 2 : 1
      let latestDue = addDays(today, -random.int(1, 6))
      // Month-based anchors stay on their day only up to the 28th; keep the arithmetic exact.
      while (Number(latestDue.slice(8)) > 28) latestDue = addDays(latestDue, -1)
      const startDate = billingPeriodStart({ anchor: latestDue, frequency, index: -random.int(3, 30) })
      const firstUnpaid = billingPeriodStart({ anchor: latestDue, frequency, index: 1 - unpaidPeriods })
      return {
        startDate,
        registeredAt: registered(startDate),
        trouble: { from: randomInstantOn(random, addDays(firstUnpaid, -1), 10, 21), until: null },
      }
    }
    case 'price_change': {
      // Half moved to another price months ago (the engine applied it at a renewal), half have a change
      // scheduled in the current period, taking effect at its end.
      const startDate = spec.startDate ?? pastStart(random, today, 200, 1100)
      const changeOn = random.chance(0.5)
        ? addDays(today, -random.int(60, 150))
        : dayBetween(random, billingPeriodOn({ anchor: startDate, frequency, date: today }).start, today)
      return {
        startDate,
        registeredAt: registered(startDate),
        priceChangeAt: afternoonOf(random, changeOn, now),
      }
    }
  }
}

/**
 * One demo member, created the way the product would have: member and payment methods when they
 * registered, the membership when they joined (with its first payment) or, for members from before the
 * history, as it stood when the history begins. Later changes are queued as events on `organisation`
 * for the day loop, and their visits for batched writing; payments are left to the billing engine.
 */
export async function createDemoMember(
  organisation: DemoOrganisation,
  spec: DemoMemberSpec,
): Promise<{ member: Member; subscription: Subscription }> {
  const { db, organisationId, now, today, historyFrom } = organisation
  const random = organisation.random.fork(spec.label)
  const gym =
    spec.gym ?? random.weighted(organisation.gyms.map((candidate) => [candidate, candidate.weight] as const))
  const demoPrice = organisation.prices[spec.priceKey]
  if (!demoPrice) throw new Error(`Unknown demo price ${spec.priceKey}`)
  const { price } = demoPrice
  const timeline = planTimeline(random, spec, price, organisation)

  const member = await createFakeMember({
    db,
    random,
    organisationId,
    homeGymId: gym.id,
    area: gym.area,
    now: timeline.registeredAt,
    usedEmails: organisation.usedEmails,
    overrides: spec.overrides,
  })
  for (const [index, type] of spec.methods.entries()) {
    await addSandboxPaymentMethod({
      db,
      random,
      organisationId,
      userId: member.id,
      gymId: gym.id,
      type,
      outcome: 'succeeds',
      makeDefault: index === 0,
      now: timeline.registeredAt,
    })
  }

  const privateLink = price.private
    ? await createPrivatePriceLink({
        db,
        organisationId,
        priceId: price.id,
        createdByUserId: organisation.staffUserId,
        now: earlierInstant(
          instantAt(addDays(calendarDateAt(timeline.registeredAt), -1), '10:00'),
          timeline.registeredAt,
        ),
      })
    : undefined
  // A member who joined during the history joins as they did (first payment and joining fee due on the
  // start date); one from before it is taken as they stood when it begins, earlier periods paid.
  const historyBegins = instantAt(historyFrom, '05:00')
  const membership = {
    db,
    organisationId,
    userId: member.id,
    gymId: gym.id,
    priceId: price.id,
    startDate: timeline.startDate,
    privatePriceLinkId: privateLink?.id,
  }
  const subscription =
    timeline.startDate >= historyFrom
      ? await createMembership({
          ...membership,
          now: laterInstant(timeline.registeredAt, historyBegins),
        })
      : await createSubscription({ ...membership, now: historyBegins })

  queueEvents(organisation, { random, timeline, subscription, gymId: gym.id, demoPrice })

  if (spec.state !== 'upcoming') {
    const slot: VisitSlot =
      demoPrice.offeringType === 'limited_access'
        ? 'off_peak'
        : random.weighted<VisitSlot>([
            ['early', 4],
            ['lunch', 2],
            ['evening', 5],
          ])
    organisation.visits.push(
      ...planVisitHistory({
        random,
        userId: member.id,
        homeGymId: gym.id,
        otherGymIds: organisation.gyms.filter((other) => other.id !== gym.id).map((other) => other.id),
        from: laterDate(historyFrom, timeline.startDate),
        until: earlierDate(timeline.visitsUntil ?? today, today),
        now,
        perWeek: random.weighted([
          [1, 2],
          [2.5, 5],
          [4, 3],
        ]),
        slot,
        pause: timeline.pause,
      }),
    )
  }
  return { member, subscription }
}

/**
 * The member's later changes, queued as data for the day loop to run through the service staff or the
 * member would use, at its time (`runDemoEvent`).
 */
function queueEvents(
  organisation: DemoOrganisation,
  options: {
    random: Random
    timeline: Timeline
    subscription: Subscription
    gymId: number
    demoPrice: DemoPrice
  },
) {
  const { organisationId, events, staffUserId } = organisation
  const { timeline, subscription } = options
  const random = options.random.fork('events')
  const subscriptionId = subscription.id
  const { pause, cancelledAt, trouble, priceChangeAt } = timeline
  if (pause) {
    events.push({
      at: pause.createdAt,
      action: {
        kind: 'pause',
        organisationId,
        subscriptionId,
        startDate: pause.start,
        endDate: pause.end,
        createdByUserId: random.chance(0.5) ? staffUserId : null,
      },
    })
  }
  if (cancelledAt) {
    const reasons = [random.pick(fakeCancellationReasons)]
    const comments = random.chance(0.3) ? 'Said they would be back in the new year.' : null
    events.push({
      at: cancelledAt,
      action: { kind: 'cancel', organisationId, subscriptionId, reasons, comments },
    })
  }
  if (trouble) {
    const methods = random.fork('methods')
    const switchTo = (outcome: 'succeeds' | 'fails') => ({
      kind: 'switch_payment_method' as const,
      organisationId,
      userId: subscription.userId,
      gymId: options.gymId,
      ...organisation.surcharge,
      // The new method is of the kind the member had; a fix is a card half the time.
      type: methods.chance(outcome === 'fails' ? 0.6 : 0.5)
        ? ('bank_account' as const)
        : ('stripe_card' as const),
      outcome,
      randomSeed: methods.fork(outcome).seed,
    })
    events.push({ at: trouble.from, action: switchTo('fails') })
    if (trouble.until) events.push({ at: trouble.until, action: switchTo('succeeds') })
  }
  const changesTo = options.demoPrice.changesTo ? organisation.prices[options.demoPrice.changesTo] : undefined
  if (priceChangeAt && changesTo) {
    events.push({
      at: priceChangeAt,
      action: {
        kind: 'schedule_price_change',
        organisationId,
        subscriptionId,
        priceId: changesTo.price.id,
        scheduledByUserId: staffUserId,
      },
    })
  }
}
