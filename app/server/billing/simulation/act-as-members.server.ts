import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentAttempts, payments } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { addDays, type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { fakeCancellationReasons } from '~/server/seed/nz-people'
import type { Random } from '~/server/seed/random'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { findOrganisationSubscription } from '~/server/services/subscriptions/find-organisation-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { refreshSchedule } from '~/server/services/subscriptions/refresh-schedule.server'
import { switchPaymentMethod } from './switch-payment-method.server'
import type { MemberBehaviour, SimulatedMember } from './types'

/** What members did on one day. */
export interface MemberActions {
  recovered: number
  cancelled: number
  paused: number
  changedMethod: number
  /** Actions a service refused (e.g. a membership the engine had just cancelled). */
  refused: number
}

/** A moment in the member's afternoon: actions happen after the morning billing run. */
function during(day: CalendarDateString, random: Random): Date {
  const minutes = random.int(10 * 60, 20 * 60 + 59)
  return instantAt(
    day,
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  )
}

/**
 * One day of member behaviour, after the day's billing jobs: members whose charge failed today decide
 * whether (and when) to fix their payment method; those due to fix it switch to a good card; then each
 * live member may cancel at period end, schedule a pause, or change payment method. Every draw comes
 * from the member's own seeded stream, one a day, so a run is the same for the same seed.
 */
export async function actAsMembers(options: {
  db: Db
  day: CalendarDateString
  members: readonly SimulatedMember[]
  bySubscription: ReadonlyMap<number, SimulatedMember>
  behaviour: MemberBehaviour
}): Promise<MemberActions> {
  const { db, day, members, bySubscription, behaviour } = options
  const actions: MemberActions = { recovered: 0, cancelled: 0, paused: 0, changedMethod: 0, refused: 0 }

  // 1. Today's failed charges: the member decides once per failed period whether to fix it.
  const failures = await db
    .selectDistinct({ subscriptionId: payments.subscriptionId, periodStart: payments.periodStartAt })
    .from(paymentAttempts)
    .innerJoin(payments, eq(payments.id, paymentAttempts.paymentId))
    .where(
      and(
        eq(paymentAttempts.status, 'failed'),
        gte(paymentAttempts.finishedAt, instantAt(day, '00:00')),
        lt(paymentAttempts.finishedAt, instantAt(addDays(day, 1), '00:00')),
        inArray(payments.organisationId, [
          ...new Set(members.map((member) => member.organisation.organisationId)),
        ]),
      ),
    )
    .orderBy(payments.subscriptionId, payments.periodStartAt)
  for (const failure of failures) {
    const member = bySubscription.get(failure.subscriptionId)
    const key = failure.periodStart ?? 'none'
    if (!member?.live || member.reactedTo.has(key)) continue
    member.reactedTo.add(key)
    if (member.recoverOn === null && member.random.chance(behaviour.recoveryShare)) {
      const [min, max] = behaviour.recoveryDelayDays
      member.recoverOn = addDays(day, member.random.int(min, max))
    }
  }

  const subscriptionOf = (member: SimulatedMember) =>
    findOrganisationSubscription({
      db,
      organisationId: member.organisation.organisationId,
      subscriptionId: member.subscriptionId,
    })
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work()
      return true
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      actions.refused += 1
      return false
    }
  }

  for (const member of members) {
    if (!member.live) continue
    const roll = member.random.next()
    const now = during(day, member.random)

    // 2. The fix after a failure: a good card (or bank account), which the retries then charge.
    if (member.recoverOn !== null && member.recoverOn <= day) {
      member.recoverOn = null
      const subscription = await subscriptionOf(member)
      if (subscription.cancelledAt) {
        member.live = false
        continue
      }
      if (subscription.balanceOwing > 0) {
        await switchPaymentMethod({
          db,
          member,
          random: member.random,
          type: member.random.chance(0.75) ? 'stripe_card' : 'bank_account',
          outcome: 'succeeds',
          now,
        })
        actions.recovered += 1
      }
      continue
    }

    // 3. Everyday life: at most one change a day.
    let threshold = behaviour.cancelPerDay
    if (roll < threshold) {
      const subscription = await subscriptionOf(member)
      member.live = false
      if (subscription.cancelledAt) continue
      const done = await attempt(() =>
        cancelSubscription({
          db,
          organisationId: member.organisation.organisationId,
          subscriptionId: member.subscriptionId,
          reasons: [member.random.pick(fakeCancellationReasons)],
          now,
        }),
      )
      if (done) actions.cancelled += 1
      continue
    }
    threshold += behaviour.pausePerDay
    if (roll < threshold) {
      const subscription = await subscriptionOf(member)
      if (subscription.cancelledAt) {
        member.live = false
        continue
      }
      // Members behind on payments, or with a pause already booked, do not book another.
      if (
        subscription.balanceOwing > 0 ||
        (subscription.pauseEndAt !== null && subscription.pauseEndAt >= day)
      ) {
        continue
      }
      const startDate = addDays(day, member.random.int(1, 14))
      const endDate = addDays(startDate, member.random.int(7, 42) - 1)
      // As `POST /api/subscriptions/{id}/pause` does: the pause, then the schedule worked out again.
      const done = await attempt(async () => {
        await pauseSubscription({
          db,
          organisationId: member.organisation.organisationId,
          subscriptionId: member.subscriptionId,
          startDate,
          endDate,
          createdByUserId: member.random.chance(0.5) ? member.organisation.staffUserId : null,
          now,
        })
        await refreshSchedule({ db, subscriptionId: member.subscriptionId, now })
      })
      if (done) actions.paused += 1
      continue
    }
    threshold += behaviour.changeMethodPerDay + behaviour.troublePerDay
    if (roll < threshold) {
      const trouble = roll >= threshold - behaviour.troublePerDay
      await switchPaymentMethod({
        db,
        member,
        random: member.random,
        type: member.random.chance(behaviour.bankShare) ? 'bank_account' : 'stripe_card',
        outcome: trouble || member.random.chance(behaviour.failingMethodShare) ? 'fails' : 'succeeds',
        now,
      })
      actions.changedMethod += 1
    }
  }
  return actions
}
