import type { Db } from '~/db/client.server'
import type { OfferingType, PaymentMethodType } from '~/db/schema/enums'
import {
  addDays,
  addMonths,
  type CalendarDateString,
  calendarDateAt,
  daysBetween,
  earlierDate,
  instantAt,
  laterDate,
} from '~/server/billing/calendar'
import { billingPeriodOn, billingPeriodStart, isRecurringFrequency } from '~/server/billing/periods'
import type { RecordPaymentInput } from '~/server/services/payments/record-payment.server'
import type { Price } from '~/server/services/prices/create-price.server'
import { createPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import {
  createSubscription,
  type Subscription,
} from '~/server/services/subscriptions/create-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import type { CreateMemberInput, Member } from '~/server/services/users/create-member.server'
import type { RecordVisitInput } from '~/server/services/visits/record-visits.server'
import { planPaymentHistory, planVisitHistory, type VisitSlot } from './demo-history'
import { earlierInstant, randomInstantOn } from './demo-time'
import { createFakeMember } from './factories/member-factory.server'
import { addFakePaymentMethod } from './factories/payment-method-factory.server'
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
}

/** One organisation being seeded; members' payments and visits pile up here and are written in batches. */
export interface DemoOrganisation {
  db: Db
  random: Random
  organisationId: number
  surchargeBasisPoints: number
  gyms: DemoGym[]
  prices: Record<string, DemoPrice>
  /** Staff member who pauses memberships and issues private links. */
  staffUserId: number
  now: Date
  today: CalendarDateString
  usedEmails: Set<string>
  payments: RecordPaymentInput[]
  visits: RecordVisitInput[]
  subscriptionsWithFailures: number[]
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
  overrides?: Partial<Omit<CreateMemberInput, 'organisationId'>>
}

const cancellationReasons = [
  'Moving away',
  'Too expensive',
  'Not using it enough',
  'Injury',
  'Joined another gym',
  'Work hours changed',
] as const

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

interface Timeline {
  startDate: CalendarDateString
  registeredAt: Date
  /** The clock the subscription is created with: its current period is the one containing that day. */
  subscribedAt: Date
  pause?: { createdAt: Date; start: CalendarDateString; end: CalendarDateString }
  cancelledAt?: Date
  unpaidPeriods: number
  withUpcoming: boolean
}

/** When this member joined, paused, cancelled or fell behind, relative to today. */
function planTimeline(
  random: Random,
  spec: DemoMemberSpec,
  price: Price,
  now: Date,
  today: CalendarDateString,
): Timeline {
  const frequency = price.billingFrequency
  if (!isRecurringFrequency(frequency)) throw new Error('Demo members are on recurring prices')
  const registered = (start: CalendarDateString) =>
    earlierInstant(randomInstantOn(random, addDays(start, -random.int(0, 3)), 7, 21), now)
  const base = { unpaidPeriods: 0, withUpcoming: true, subscribedAt: now }

  switch (spec.state) {
    case 'active': {
      const startDate = spec.startDate ?? pastStart(random, today, 10, 1100)
      return { ...base, startDate, registeredAt: registered(startDate) }
    }
    case 'term': {
      // Inside the 12-month term and past the cooling-off period.
      const startDate = spec.startDate ?? addDays(today, -random.int(10, 330))
      return { ...base, startDate, registeredAt: registered(startDate) }
    }
    case 'cooling_off': {
      const startDate = spec.startDate ?? addDays(today, -random.int(0, 5))
      return { ...base, startDate, registeredAt: registered(startDate) }
    }
    case 'upcoming': {
      const registeredAt = earlierInstant(
        randomInstantOn(random, addDays(today, -random.int(0, 5)), 7, 21),
        now,
      )
      return {
        ...base,
        startDate: addDays(today, random.int(2, 30)),
        registeredAt,
        subscribedAt: registeredAt,
      }
    }
    case 'paused': {
      const createdOn = addDays(today, -random.int(15, 40))
      const startDate = spec.startDate ?? pastStart(random, today, 80, 1100)
      return {
        ...base,
        startDate,
        registeredAt: registered(startDate),
        pause: {
          createdAt: randomInstantOn(random, createdOn, 8, 20),
          start: addDays(createdOn, random.int(1, 7)),
          end: addDays(today, random.int(3, 45)),
        },
      }
    }
    case 'paused_future': {
      const startDate = spec.startDate ?? pastStart(random, today, 30, 1100)
      const pauseStart = addDays(today, random.int(2, 20))
      return {
        ...base,
        startDate,
        registeredAt: registered(startDate),
        pause: {
          createdAt: earlierInstant(randomInstantOn(random, addDays(today, -random.int(0, 6)), 8, 20), now),
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
        ...base,
        startDate,
        registeredAt: registered(startDate),
        cancelledAt: earlierInstant(randomInstantOn(random, cancelledOn, 7, 21), now),
        withUpcoming: false,
      }
    }
    case 'cancelled_past': {
      const startDate = spec.startDate ?? addDays(today, -random.int(75, 900))
      const earliest = laterDate(addDays(startDate, 20), addDays(today, -400))
      const cancelledOn = addDays(
        earliest,
        random.int(0, Math.max(0, daysBetween(earliest, addDays(today, -45)))),
      )
      const cancelledAt = randomInstantOn(random, cancelledOn, 7, 21)
      return {
        ...base,
        startDate,
        registeredAt: registered(startDate),
        subscribedAt: cancelledAt,
        cancelledAt,
        withUpcoming: false,
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
      return { ...base, startDate, registeredAt: registered(startDate), unpaidPeriods }
    }
  }
}

/**
 * One demo member, created the way the product would have: member, payment methods, subscription, then
 * any pause or cancellation at the time it happened. Their payment and visit history is queued on
 * `organisation` for batched writing.
 */
export async function createDemoMember(
  organisation: DemoOrganisation,
  spec: DemoMemberSpec,
): Promise<{ member: Member; subscription: Subscription }> {
  const { db, organisationId, now, today } = organisation
  const random = organisation.random.fork(spec.label)
  const gym =
    spec.gym ?? random.weighted(organisation.gyms.map((candidate) => [candidate, candidate.weight] as const))
  const demoPrice = organisation.prices[spec.priceKey]
  if (!demoPrice) throw new Error(`Unknown demo price ${spec.priceKey}`)
  const { price } = demoPrice
  const frequency = price.billingFrequency
  if (!isRecurringFrequency(frequency)) throw new Error('Demo members are on recurring prices')
  const timeline = planTimeline(random, spec, price, now, today)

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
  const methods = []
  for (const [index, type] of spec.methods.entries()) {
    methods.push(
      await addFakePaymentMethod({
        db,
        random,
        organisationId,
        userId: member.id,
        type,
        gymId: gym.id,
        makeDefault: index === 0,
        now: timeline.registeredAt,
      }),
    )
  }
  const paying = methods[0]
  if (!paying) throw new Error('A demo member needs a payment method')

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
  let subscription = await createSubscription({
    db,
    organisationId,
    userId: member.id,
    gymId: gym.id,
    priceId: price.id,
    startDate: timeline.startDate,
    privatePriceLinkId: privateLink?.id,
    now: timeline.subscribedAt,
  })
  if (timeline.pause) {
    subscription = await pauseSubscription({
      db,
      organisationId,
      subscriptionId: subscription.id,
      startDate: timeline.pause.start,
      endDate: timeline.pause.end,
      createdByUserId: random.chance(0.5) ? organisation.staffUserId : null,
      now: timeline.pause.createdAt,
    })
  }
  if (timeline.cancelledAt) {
    subscription = await cancelSubscription({
      db,
      organisationId,
      subscriptionId: subscription.id,
      reasons: [random.pick(cancellationReasons)],
      comments: random.chance(0.3) ? 'Said they would be back in the new year.' : null,
      now: timeline.cancelledAt,
    })
  }

  const historyFrom = laterDate(addMonths(today, -12), timeline.startDate)
  const lastDay =
    timeline.cancelledAt && spec.state === 'cancelled_past' ? calendarDateAt(timeline.cancelledAt) : today
  const payments = planPaymentHistory({
    random,
    subscriptionId: subscription.id,
    paymentMethodId: paying.id,
    methodType: paying.type,
    anchor: timeline.startDate,
    frequency,
    amount: price.amount,
    joiningFee: price.joiningFee,
    surchargeBasisPoints: organisation.surchargeBasisPoints,
    historyFrom,
    lastDay,
    today,
    now,
    pause: timeline.pause,
    unpaidPeriods: timeline.unpaidPeriods,
    withUpcoming: timeline.withUpcoming,
  })
  organisation.payments.push(...payments)
  if (payments.some((payment) => payment.status === 'failed'))
    organisation.subscriptionsWithFailures.push(subscription.id)

  if (spec.state !== 'upcoming') {
    // Visits stop when a past cancellation took effect (the end of the period it was made in).
    const until =
      spec.state === 'cancelled_past' && subscription.currentPeriodEnd
        ? addDays(subscription.currentPeriodEnd, -1)
        : today
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
        from: historyFrom,
        until: earlierDate(until, today),
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
