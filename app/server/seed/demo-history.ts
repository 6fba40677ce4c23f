import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Db } from '~/db/client.server'
import type { DemoEventAction } from '~/db/schema'
import {
  addDays,
  type CalendarDateString,
  calendarDateAt,
  daysBetween,
  instantAt,
  isoDayOfWeek,
} from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import {
  pollPendingPayments,
  runBilling,
  settleInDoubtAttempts,
} from '~/server/billing/engine/run-billing.server'
import { simulatedJobTimes } from '~/server/billing/simulation/run-billing-day.server'
import { switchPaymentMethod } from '~/server/billing/simulation/switch-payment-method.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { findOrganisationSubscription } from '~/server/services/subscriptions/find-organisation-subscription.server'
import { schedulePriceChange } from '~/server/services/subscriptions/manage-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import type { RecordVisitInput } from '~/server/services/visits/record-visits.server'
import { randomInstantOn } from './demo-time'
import { createRandom, type Random } from './random'

/**
 * The demo's history. Payments are never written by hand: the real billing engine makes them, with the
 * clock moved day by day from twelve months ago to now (`runDemoHistory`), while the members' changes
 * happen at their moments in between. Visits (the doors' records) are planned here and written in
 * batches.
 */

/** Something a member or staff did at `at`, run with the clock at that moment (`runDemoEvent`). */
export interface DemoEvent {
  at: Date
  action: DemoEventAction
}

/** A queued event as the history reads it back: `id` names it when it is marked done. */
export interface StoredDemoEvent extends DemoEvent {
  id: number
}

export interface DemoHistoryStats {
  /** Days on which the billing jobs ran. */
  days: number
  events: number
  charged: number
  ms: number
}

/** Runs one event through the service staff or the member would use. */
export async function runDemoEvent(options: { db: Db; now: Date; action: DemoEventAction }): Promise<void> {
  const { db, now, action } = options
  switch (action.kind) {
    case 'pause':
      await pauseSubscription({
        db,
        organisationId: action.organisationId,
        subscriptionId: action.subscriptionId,
        startDate: action.startDate,
        endDate: action.endDate,
        createdByUserId: action.createdByUserId,
        now,
      })
      return
    case 'cancel':
      await cancelSubscription({
        db,
        organisationId: action.organisationId,
        subscriptionId: action.subscriptionId,
        reasons: action.reasons,
        comments: action.comments,
        now,
      })
      return
    case 'switch_payment_method':
      await switchPaymentMethod({
        db,
        member: {
          userId: action.userId,
          gymId: action.gymId,
          organisation: {
            organisationId: action.organisationId,
            surcharge: {
              cardSurchargeBasisPoints: action.cardSurchargeBasisPoints,
              cardSurchargeFixed: action.cardSurchargeFixed,
            },
          },
        },
        random: createRandom(action.randomSeed),
        type: action.type,
        outcome: action.outcome,
        now,
      })
      return
    case 'schedule_price_change': {
      const subscription = await findOrganisationSubscription({
        db,
        organisationId: action.organisationId,
        subscriptionId: action.subscriptionId,
      })
      await schedulePriceChange({
        db,
        now,
        subscription,
        priceId: action.priceId,
        scheduledByUserId: action.scheduledByUserId,
        skipRiseNotice: true,
      })
      return
    }
  }
}

/**
 * Runs the billing jobs as the pg-boss workers would, every day from `from` to today: the daily run at
 * 06:00 (schedule step, then charges through the sandbox providers) and the poll of pending bank
 * payments and attempts in doubt at 09:00, with each event run once the clock reaches it. Jobs due
 * after `now` wait for the real workers. `db` is not a transaction: the engine commits as it goes, as
 * in production (on PGlite, wrapping the year, or each day, in a transaction made it slower), which
 * also lets the server's requests in between its queries while this runs in the background.
 *
 * Resumable: `runEvent` is given each event to run and mark done at once, `dayDone` each day once all
 * of its jobs ran, and `shouldStop` is asked between steps; a history stopped (or cut off) part-way is
 * continued by calling this again from the day after the last one done, with the events not yet done.
 * Every step of the engine is idempotent, so a day cut off half-way is simply run again.
 */
export async function runDemoHistory(options: {
  db: Db
  from: CalendarDateString
  now: Date
  events: readonly StoredDemoEvent[]
  runEvent(event: StoredDemoEvent): Promise<void>
  dayDone?(day: CalendarDateString): Promise<void>
  shouldStop?(): boolean
  /** Awaited between steps: the server's requests go first (ADR 055). */
  requestsFirst?(): Promise<void>
}): Promise<DemoHistoryStats & { stopped: boolean }> {
  const { db, now } = options
  const started = performance.now()
  // PGlite answers through promises alone: without a turn of the event loop between steps, a history
  // in the background would keep the server from reading its requests until the year is done.
  const shouldStop = async () => {
    await nextTurn()
    await options.requestsFirst?.()
    return options.shouldStop?.() ?? false
  }
  const providers = createSandboxProviders({ db })
  const events = [...options.events].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
  let next = 0
  const runEventsUntil = async (instant: Date) => {
    for (let event = events[next]; event && event.at <= instant; event = events[next]) {
      next += 1
      await options.runEvent(event)
    }
  }
  const stats = { days: 0, events: 0, charged: 0, ms: 0, stopped: false }
  const finish = (stopped: boolean) => {
    stats.events = next
    stats.ms = performance.now() - started
    stats.stopped = stopped
    return stats
  }
  const today = calendarDateAt(now)
  for (let day = options.from; day <= today; day = addDays(day, 1)) {
    const morning = instantAt(day, simulatedJobTimes.daily)
    if (morning > now) break
    if (await shouldStop()) return finish(true)
    await runEventsUntil(morning)
    await advanceSubscriptions({ db, now: morning })
    if (await shouldStop()) return finish(true)
    // One lane: the history runs on one connection, where a second lane would only add an empty claim a day.
    const run = await runBilling({ db, providers, now: morning, lanes: 1 })
    stats.charged += run.claimed
    stats.days += 1
    for (const time of simulatedJobTimes.polls) {
      const at = instantAt(day, time)
      if (at > now) break
      if (await shouldStop()) return finish(true)
      await runEventsUntil(at)
      await settleInDoubtAttempts({ db, providers, now: at })
      await pollPendingPayments({ db, providers, now: at })
    }
    await options.dayDone?.(day)
  }
  if (await shouldStop()) return finish(true)
  await runEventsUntil(now)
  return finish(false)
}

export type VisitSlot = 'early' | 'lunch' | 'evening' | 'off_peak'

export interface VisitHistoryOptions {
  random: Random
  userId: number
  homeGymId: number
  /** Other gyms the member's offering lets them use, visited now and then. */
  otherGymIds: readonly number[]
  from: CalendarDateString
  /** Last day (inclusive); visits are also never after `now`. */
  until: CalendarDateString
  now: Date
  /** Average visits a week. */
  perWeek: number
  slot: VisitSlot
  pause?: { start: CalendarDateString; end: CalendarDateString }
}

/** Hours (local, [from, to)) when each kind of member turns up on a weekday and at the weekend. */
const slotHours: Record<VisitSlot, { weekday: [number, number][]; weekend: [number, number][] }> = {
  early: { weekday: [[5, 8]], weekend: [[7, 11]] },
  lunch: { weekday: [[11, 14]], weekend: [[8, 12]] },
  evening: {
    weekday: [[17, 20]],
    weekend: [
      [8, 12],
      [15, 18],
    ],
  },
  // Inside the off-peak offering's hours (weekdays 09:00–16:00, weekends 08:00–18:00).
  off_peak: {
    weekday: [
      [9, 12],
      [13, 16],
    ],
    weekend: [[8, 13]],
  },
}

/** Weekdays are busier than weekends: relative chance of a visit on each ISO day (1 Monday … 7 Sunday). */
const dayWeights = [0, 1.25, 1.15, 1.2, 1.1, 0.95, 0.75, 0.6]
const dayWeightMean = dayWeights.slice(1).reduce((sum, weight) => sum + weight, 0) / 7

export function planVisitHistory(options: VisitHistoryOptions): RecordVisitInput[] {
  const { random, now, pause } = options
  const visits: RecordVisitInput[] = []
  const days = daysBetween(options.from, options.until)
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(options.from, offset)
    if (pause && date >= pause.start && date <= pause.end) continue
    const weekday = isoDayOfWeek(date)
    const chance = ((options.perWeek / 7) * (dayWeights[weekday] ?? 1)) / dayWeightMean
    if (!random.chance(chance)) continue
    const windows = weekday >= 6 ? slotHours[options.slot].weekend : slotHours[options.slot].weekday
    const [fromHour, toHour] = random.pick(windows)
    const visitedAt = randomInstantOn(random, date, fromHour, toHour)
    if (visitedAt >= now) continue
    const gymId =
      options.otherGymIds.length > 0 && random.chance(0.08)
        ? random.pick(options.otherGymIds)
        : options.homeGymId
    // The odd refused entry: a tag that did not read, a door tried before the membership allowed it.
    const successful = !random.chance(0.01)
    visits.push({
      userId: options.userId,
      gymId,
      visitedAt,
      successful,
      refusedReason: successful ? null : 'Tag not recognised',
    })
  }
  return visits
}
