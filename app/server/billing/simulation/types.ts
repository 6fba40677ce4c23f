import type { CardSurchargeSettings } from '~/server/billing/amounts'
import type { CalendarDateString } from '~/server/billing/calendar'
import type { Random } from '~/server/seed/random'
import type { Price } from '~/server/services/prices/create-price.server'

/**
 * Shared shapes of the billing simulation (`npm run billing:simulate`, the scenario test and the demo
 * seed): an organisation to simulate, the members it tracks in memory, and what it reports.
 */

export interface SimulationGym {
  id: number
  name: string
  /** Key of `suburbsByArea`: members live near their gym. */
  area: string
  /** Relative share of sign-ups. */
  weight: number
}

export interface SimulationPrice {
  price: Price
  /** Relative share of sign-ups. */
  weight: number
}

export interface SimulationOrganisation {
  organisationId: number
  gyms: SimulationGym[]
  prices: SimulationPrice[]
  surcharge: CardSurchargeSettings
  /** Staff member recorded on pauses, when there is one. */
  staffUserId: number | null
  /** E-mail addresses already taken in the organisation. */
  usedEmails: Set<string>
}

/** Whether a member's payment method takes money (by its sandbox test value) or fails every charge. */
export type MethodOutcome = 'succeeds' | 'fails'

/** A member as the simulation remembers them between days; the database stays the truth. */
export interface SimulatedMember {
  organisation: SimulationOrganisation
  userId: number
  subscriptionId: number
  gymId: number
  random: Random
  /** False once the membership is cancelled (by the member or for non-payment). */
  live: boolean
  /** Fixes the payment method on this day, after a failed charge. */
  recoverOn: CalendarDateString | null
  /** Failed periods (`period_start_at`) the member has already reacted to. */
  reactedTo: Set<string>
}

/** How members behave, per member; rates are per day unless named otherwise. */
export interface MemberBehaviour {
  /** Share of new payment methods whose charges fail (sandbox card 9995/0341/0069, bank 92/93/94). */
  failingMethodShare: number
  /** Share of members who fix their payment method after a failed charge. */
  recoveryShare: number
  /** Days between a failure and the fix: [min, max]. */
  recoveryDelayDays: [number, number]
  cancelPerDay: number
  pausePerDay: number
  /** Members replacing their payment method for no reason of ours (a new card, a new bank). */
  changeMethodPerDay: number
  /**
   * Members whose payments run into trouble: they move to a card or account that cannot pay (a declined
   * card, a savings account, an empty account), so the next charges fail until they fix it or are
   * cancelled for non-payment.
   */
  troublePerDay: number
  /** Share of sign-ups that start on a later day than they sign up. */
  futureStartShare: number
  /** Share of members paying by bank account; the others by card. */
  bankShare: number
}

export const defaultMemberBehaviour: MemberBehaviour = {
  failingMethodShare: 0.05,
  recoveryShare: 0.7,
  recoveryDelayDays: [0, 9],
  cancelPerDay: 0.025 / 30,
  pausePerDay: 0.02 / 30,
  changeMethodPerDay: 0.015 / 30,
  troublePerDay: 0.35 / 365,
  futureStartShare: 0.15,
  bankShare: 0.65,
}

/** One calendar month of the run (Pacific/Auckland), all counts for the simulated organisations. */
export interface SimulationMonth {
  /** `YYYY-MM`. */
  month: string
  /** `January 2026`, en-NZ. */
  label: string
  /** Payments that succeeded (`sent`), counted when the money arrived. */
  charged: number
  /** Charge attempts that failed. */
  failed: number
  /** Periods paid after one of their charges had failed. */
  recovered: number
  /** Pauses that began. */
  paused: number
  /** Cancellations made (by members, or for non-payment). */
  cancelled: number
  /** Cents of sent payments (amount + surcharge − credit used). */
  revenue: number
}

/** A month with nothing counted yet (`month: 'total'` for the table's total row). */
export function emptyMonth(month: string, label: string): SimulationMonth {
  return { month, label, charged: 0, failed: 0, recovered: 0, paused: 0, cancelled: 0, revenue: 0 }
}

export interface InvariantResult {
  name: string
  description: string
  ok: boolean
  /** How many rows break it. */
  violations: number
  /** A few of them, as text. */
  examples: string[]
}
