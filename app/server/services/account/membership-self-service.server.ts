import { eq } from 'drizzle-orm'
import type { OwnMembership } from '~/access/own-membership.server'
import {
  cancelOffMessage,
  pauseOffMessage,
  type SelfService,
  type SelfServicePreview,
  staleMessage,
} from '~/contracts/account-membership'
import {
  cancellationReasons,
  MAX_PAUSE_DAYS,
  MIN_PAUSE_DAYS,
  pauseCreditWords,
  pauseEffect,
  pauseLimitWords,
  periodEndEffect,
  resumeEffect,
  termEndEffect,
  undoCancelEffect,
  you,
} from '~/contracts/membership-action-words'
import type { Db } from '~/db/client.server'
import { gyms, offerings, prices } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { addDays, type CalendarDateString, calendarDateAt, instantAt } from '~/server/billing/calendar'
import { findChargeProjection } from '~/server/billing/charge-projection.server'
import { findNextCharge } from '~/server/billing/next-charge.server'
import { billingPeriodsBetween, isRecurringFrequency } from '~/server/billing/periods'
import type { Mailer } from '../auth/mailer'
import { cancelMembership } from '../subscriptions/cancel-membership.server'
import type { MembershipChange } from '../subscriptions/membership-change.server'
import { pauseMembership } from '../subscriptions/pause-membership.server'
import { assertPause } from '../subscriptions/pause-subscription.server'
import { resumeMembership } from '../subscriptions/resume-membership.server'
import { changedMeanwhileMessage } from '../subscriptions/subscription-version.server'
import { undoCancellation } from '../subscriptions/undo-cancellation.server'

/**
 * The member's own membership in their account (issue 28): what they may do with it now and on what
 * terms, what each action would do, and the actions — each one the staff service itself (the same
 * rules, the member's e-mail and the history line), with the member as the one acting and the line
 * marked as theirs (`selfService`).
 */

type Subscription = OwnMembership['subscription']

interface Read {
  db: Db
  now: Date
  own: OwnMembership
}

/** The membership's standing today: ended, cancelling, its pause, its term. */
function standing(subscription: Subscription, now: Date) {
  const today = calendarDateAt(now)
  const cancelledEnd = subscription.cancelledAt
    ? (subscription.undoCancellationUntil ?? subscription.cancelledAt)
    : null
  const ended = cancelledEnd !== null && cancelledEnd <= now
  const pause =
    subscription.pauseStartAt && subscription.pauseEndAt && subscription.pauseEndAt >= today
      ? {
          start_date: subscription.pauseStartAt,
          end_date: subscription.pauseEndAt,
          started: subscription.pauseStartAt <= today,
        }
      : null
  return { today, ended, cancelling: subscription.cancelledAt !== null && !ended, pause }
}

/** What the member may do now, on what terms, and what cancelling would do. */
export async function describeSelfService(options: Read): Promise<SelfService> {
  const { db, now, own } = options
  const { subscription, switches } = own
  const { today, ended, cancelling, pause } = standing(subscription, now)
  const [facts] = await db
    .select({ price: prices, offeringName: offerings.name, gymName: gyms.name })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscription.gymId))
    .where(eq(prices.id, subscription.priceId))
  if (!facts) throw new AppError('NOT_FOUND', 'Membership not found.')
  const charge = ended ? null : await findNextCharge({ db, subscriptionId: subscription.id, now })
  const nextCharge = charge ? { on: charge.on, total: charge.total } : null
  const renews = subscription.currentPeriodEnd
  const term = await withTermCost(db, subscription, termOf(subscription, facts.price, today), now)
  const endsOn = cancelling
    ? subscription.undoCancellationUntil
      ? calendarDateAt(subscription.undoCancellationUntil)
      : null
    : term && !term.in_cooling_off
      ? term.ends_on
      : renews

  const pauseReason = ended
    ? 'Your membership has ended.'
    : !switches.mayPause
      ? pauseOffMessage
      : cancelling
        ? 'Your membership is cancelled, so it cannot be paused. Undo the cancellation first.'
        : pause
          ? 'Your membership already has a pause: end or withdraw it first.'
          : null
  const cancelReason = ended
    ? 'Your membership has ended.'
    : !switches.mayCancel
      ? cancelOffMessage
      : cancelling
        ? 'Your membership is already cancelled.'
        : null
  const undoAllowed = cancelling && switches.mayCancel
  const undoBefore = endsOn ? `You can undo this here before ${formatDate(endsOn)}.` : ''
  const cancelWords =
    cancelReason !== null
      ? null
      : term && !term.in_cooling_off && term.remaining_charges > 0
        ? termEndEffect(you, term, undoBefore)
        : `${term?.in_cooling_off && term.cooling_off_until ? `You are inside your cooling-off period (until ${formatDate(term.cooling_off_until)}), so you are not held to your term. ` : ''}${periodEndEffect(you, renews, nextCharge, undoBefore)}`

  return {
    membership: {
      id: subscription.id,
      version: subscription.version,
      name: `${facts.offeringName} at ${facts.gymName}`,
      gym_name: facts.gymName,
      state: stateWords({ subscription, ended, cancelling, pause, endsOn }),
      current_period_end: renews,
      next_charge: nextCharge,
      pause,
      cancellation: cancelling
        ? {
            ends_on: endsOn,
            undo_until: subscription.undoCancellationUntil?.toISOString() ?? null,
          }
        : null,
      term: term && !cancelling ? term : null,
    },
    pause: {
      allowed: pauseReason === null,
      reason: pauseReason,
      min_days: MIN_PAUSE_DAYS,
      max_days: MAX_PAUSE_DAYS,
      earliest_start: today,
      rules: [pauseLimitWords(), pauseCreditWords(you)],
    },
    end_pause: {
      allowed: pause !== null && !ended && switches.mayPause,
      reason:
        pause === null ? 'Your membership has no pause to end.' : switches.mayPause ? null : pauseOffMessage,
    },
    cancel: {
      allowed: cancelReason === null,
      reason: cancelReason,
      ends_on: cancelReason === null ? endsOn : null,
      effect: cancelWords,
      reasons: [...cancellationReasons],
    },
    undo_cancellation: {
      allowed: undoAllowed,
      reason: !cancelling
        ? 'Your membership is not cancelled.'
        : switches.mayCancel
          ? null
          : cancelOffMessage,
      effect: undoAllowed ? undoCancelEffect(you, renews) : null,
    },
  }
}

/**
 * A term membership inside its term: the cooling-off period, and what the term's rules make of a
 * cancellation now — access until the end of the period the term ends in, and the charges until then
 * (each period charged when it starts, at the membership's amount).
 */
function termOf(
  subscription: Subscription,
  price: typeof prices.$inferSelect,
  today: CalendarDateString,
): NonNullable<NonNullable<SelfService['membership']>['term']> | null {
  const termEndsAt = subscription.termEndsAt
  if (!termEndsAt || termEndsAt <= today) return null
  const coolingOff = subscription.coolingPeriodEndsAt
  const inCoolingOff = coolingOff !== null && today < coolingOff
  const renews = subscription.currentPeriodEnd
  const base = {
    term_ends_at: termEndsAt,
    cooling_off_until: coolingOff,
    in_cooling_off: inCoolingOff,
  }
  if (inCoolingOff || !renews || renews >= termEndsAt || !isRecurringFrequency(price.billingFrequency)) {
    return { ...base, ends_on: renews ?? today, remaining_charges: 0, remaining_cost: 0 }
  }
  const periods = billingPeriodsBetween({
    anchor: renews,
    frequency: price.billingFrequency,
    from: renews,
    until: addDays(termEndsAt, -1),
  })
  return {
    ...base,
    ends_on: periods.at(-1)?.end ?? renews,
    // Counted by the engine's own rules below (`withTermCost`).
    remaining_charges: periods.length,
    remaining_cost: 0,
  }
}

type Term = NonNullable<ReturnType<typeof termOf>>

/**
 * What leaving inside the term costs: the charges the engine would still take if the membership were
 * cancelled now to end on the term's last period (`cancelSubscription` with `endsOn`), from the charge
 * projection the costs calendar shows — the card surcharge, a booked price change and a pause included,
 * nothing worked out here.
 */
async function withTermCost(db: Db, subscription: Subscription, term: Term | null, now: Date) {
  if (!term || term.in_cooling_off || term.remaining_charges === 0) return term
  const { charges } = await findChargeProjection({
    db,
    subscription: { ...subscription, cancelledAt: now, undoCancellationUntil: instantAt(term.ends_on) },
    now,
    until: addDays(term.ends_on, -1),
  })
  return {
    ...term,
    remaining_charges: charges.length,
    remaining_cost: charges.reduce((sum, charge) => sum + (charge.total ?? 0), 0),
  }
}

function stateWords(options: {
  subscription: Subscription
  ended: boolean
  cancelling: boolean
  pause: ReturnType<typeof standing>['pause']
  endsOn: string | null
}): string {
  const { subscription, pause } = options
  if (options.ended) return 'Ended'
  if (options.cancelling)
    return options.endsOn ? `Cancelled: your access ends on ${formatDate(options.endsOn)}` : 'Cancelled'
  if (pause?.started) return `Paused until ${formatDate(pause.end_date)} (the last paused day)`
  if (pause) return `Active; paused from ${formatDate(pause.start_date)} to ${formatDate(pause.end_date)}`
  if (subscription.gracePeriodEndsAt) return 'Active, with a payment owed'
  return 'Active'
}

/** What an action would do, in words, before the member confirms it; refused as the action would be. */
export async function previewSelfService(
  options: Read & {
    action: SelfServicePreview['action']
    startDate?: CalendarDateString | undefined
    endDate?: CalendarDateString | undefined
  },
): Promise<SelfServicePreview> {
  const state = await describeSelfService(options)
  const membership = state.membership
  if (!membership) throw new AppError('NOT_FOUND', 'Membership not found.')
  const next = membership.next_charge
  const nextWords = next
    ? `Your next charge is ${next.total != null ? `${formatCents(next.total)} ` : ''}on ${formatDate(next.on)}.`
    : 'Nothing more is charged.'
  switch (options.action) {
    case 'pause': {
      refuse(state.pause)
      const { startDate, endDate } = options
      if (!startDate || !endDate) {
        throw new AppError('VALIDATION', 'Choose the first and last paused day.', {
          fieldErrors: {
            ...(startDate ? {} : { start_date: ['Choose the first paused day.'] }),
            ...(endDate ? {} : { end_date: ['Choose the last paused day.'] }),
          },
        })
      }
      assertPause({ subscription: options.own.subscription, startDate, endDate, now: options.now })
      const effect = pauseEffect(you, membership, startDate, endDate) ?? ''
      return {
        action: 'pause',
        effect,
        access: `The door stays shut for you from ${formatDate(startDate)} to ${formatDate(endDate)} and opens again on ${formatDate(addDays(endDate, 1))}.`,
        charge: `${pauseCreditWords(you)} ${nextWords}`,
      }
    }
    case 'end_pause': {
      refuse(state.end_pause)
      const started = membership.pause?.started ?? false
      return {
        action: 'end_pause',
        effect: resumeEffect(you, started),
        access: started ? 'The doors open for you within seconds.' : 'You keep your access throughout.',
        charge: started
          ? 'Your next billing date moves back by the days you no longer pause.'
          : 'You are charged on your usual dates.',
      }
    }
    case 'cancel': {
      refuse(state.cancel)
      const endsOn = state.cancel.ends_on
      return {
        action: 'cancel',
        effect: state.cancel.effect ?? '',
        access: endsOn
          ? `Your access ends on ${formatDate(endsOn)}.`
          : 'Your access ends at the end of the paid period.',
        charge:
          membership.term && !membership.term.in_cooling_off && membership.term.remaining_charges > 0
            ? `The term’s ${membership.term.remaining_charges} remaining charges (${formatCents(membership.term.remaining_cost)}) are taken; nothing after ${formatDate(membership.term.ends_on)}.`
            : next && membership.current_period_end && next.on < membership.current_period_end
              ? `The charge due ${formatDate(next.on)} is still taken; nothing after that.`
              : 'Nothing more is charged.',
      }
    }
    case 'undo_cancellation': {
      refuse(state.undo_cancellation)
      return {
        action: 'undo_cancellation',
        effect: state.undo_cancellation.effect ?? '',
        access: 'You keep your access.',
        charge: membership.current_period_end
          ? `Your membership renews on ${formatDate(membership.current_period_end)} and you are charged then.`
          : 'You are charged on your usual dates.',
      }
    }
  }
}

/** An action the member may not take now: the switch off is a 403, anything else a 409, in plain words. */
function refuse(permission: { allowed: boolean; reason: string | null }) {
  if (permission.allowed) return
  const reason = permission.reason ?? 'You can’t do that now.'
  const off = reason === pauseOffMessage || reason === cancelOffMessage
  throw new AppError(off ? 'FORBIDDEN' : 'CONFLICT', reason)
}

interface Act extends Read {
  mailer: Mailer
  version: number
}

/** A staff change made by the member: the membership as read once, the member as the one acting. */
async function asMember(options: Act, act: (change: MembershipChange) => Promise<unknown>) {
  const { db, now, own, mailer, version } = options
  const change: MembershipChange = {
    db,
    mailer,
    now,
    access: { subscription: own.subscription, user: own.user },
    version,
    selfService: true,
  }
  try {
    await act(change)
  } catch (error) {
    // A second press, or a change made meanwhile: said to the member in their words.
    if (error instanceof AppError && error.code === 'CONFLICT' && error.message === changedMeanwhileMessage) {
      throw new AppError('CONFLICT', staleMessage)
    }
    throw error
  }
}

/** The membership read again after a change, as the page shows it. */
async function after(options: Act, reread: () => Promise<OwnMembership>) {
  return describeSelfService({ db: options.db, now: options.now, own: await reread() })
}

export async function pauseOwnMembership(
  options: Act & { startDate: CalendarDateString; endDate: CalendarDateString },
  reread: () => Promise<OwnMembership>,
) {
  await guard(options, 'pause')
  await asMember(options, (change) =>
    pauseMembership({ ...change, startDate: options.startDate, endDate: options.endDate }),
  )
  return after(options, reread)
}

export async function endOwnPause(options: Act, reread: () => Promise<OwnMembership>) {
  await guard(options, 'end_pause')
  await asMember(options, resumeMembership)
  return after(options, reread)
}

export async function cancelOwnMembership(
  options: Act & { reason: string | null; comments: string | null },
  reread: () => Promise<OwnMembership>,
) {
  const state = await guard(options, 'cancel')
  const term = state.membership?.term
  await asMember(options, (change) =>
    cancelMembership({
      ...change,
      immediately: false,
      reasons: options.reason ? [options.reason] : [],
      comments: options.comments,
      endsOn: term && !term.in_cooling_off && term.remaining_charges > 0 ? term.ends_on : null,
    }),
  )
  return after(options, reread)
}

export async function undoOwnCancellation(options: Act, reread: () => Promise<OwnMembership>) {
  await guard(options, 'undo_cancellation')
  await asMember(options, undoCancellation)
  return after(options, reread)
}

/**
 * The member's permission for the action, checked before the staff service runs: a stale version is a
 * 409 first (a second press of the same button finds the change already made).
 */
async function guard(options: Act, action: SelfServicePreview['action']) {
  if (options.own.subscription.version !== options.version) throw new AppError('CONFLICT', staleMessage)
  const state = await describeSelfService(options)
  refuse(
    action === 'pause'
      ? state.pause
      : action === 'end_pause'
        ? state.end_pause
        : action === 'cancel'
          ? state.cancel
          : state.undo_cancellation,
  )
  return state
}
