import type { Db } from '~/db/client.server'
import { addDays, type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createRandom, type Random } from '~/server/seed/random'
import { actAsMembers, type MemberActions } from './act-as-members.server'
import { checkInvariants } from './check-invariants.server'
import { createSimulationOrganisation } from './create-simulation-organisation.server'
import { runBillingDay } from './run-billing-day.server'
import { signUpMember } from './sign-up-member.server'
import { summariseMonths } from './summarise-months.server'
import {
  defaultMemberBehaviour,
  type InvariantResult,
  type MemberBehaviour,
  type SimulatedMember,
  type SimulationMonth,
  type SimulationOrganisation,
} from './types'

/** The default first simulated day: fixed, so a seed always gives the same run. */
export const DEFAULT_SIMULATION_START = '2026-01-01'

export interface SimulateBillingOptions {
  db: Db
  /** First simulated day (Pacific/Auckland). */
  start?: CalendarDateString
  days: number
  /** Members in all: about half are members already on the first day, the rest join during the run. */
  members: number
  seed?: string | number
  /** Share of `members` who are members already on the first day (joined up to `existingSinceDays` before). */
  existingShare?: number
  existingSinceDays?: number
  behaviour?: Partial<MemberBehaviour>
  /** Simulate this organisation instead of creating one. */
  organisation?: SimulationOrganisation
  /** Skip the invariant checks (the caller runs them). */
  skipChecks?: boolean
  /** Called after each simulated day. */
  onDay?: (progress: { day: CalendarDateString; index: number; days: number }) => void
}

export interface SimulationResult {
  organisationId: number
  start: CalendarDateString
  /** The last simulated day. */
  end: CalendarDateString
  members: SimulatedMember[]
  months: SimulationMonth[]
  invariants: InvariantResult[]
  totals: MemberActions & { signedUp: number }
  timings: { setupMs: number; daysMs: number; checksMs: number }
}

/** A start date 1…`sinceDays` days before `day`, for members who joined before the simulation. */
function earlierStart(random: Random, day: CalendarDateString, sinceDays: number): CalendarDateString {
  return addDays(day, -random.int(1, sinceDays))
}

/**
 * Moves a fresh organisation through `days` days: each day the real billing jobs run with the clock at
 * that day (`runBillingDay`), then members act (`actAsMembers`) and new members sign up. At the end it
 * reads the month-by-month table and checks the invariants. Deterministic for a seed and start day.
 */
export async function simulateBilling(options: SimulateBillingOptions): Promise<SimulationResult> {
  const { db, days } = options
  const start = options.start ?? DEFAULT_SIMULATION_START
  const end = addDays(start, days - 1)
  const random = createRandom(`billing-simulation/${options.seed ?? 1}`)
  const behaviour: MemberBehaviour = { ...defaultMemberBehaviour, ...options.behaviour }
  const providers = createSandboxProviders({ db })
  const setupStarted = performance.now()

  const organisation =
    options.organisation ??
    (await createSimulationOrganisation({
      db,
      random: random.fork('organisation'),
      now: instantAt(addDays(start, -30), '09:00'),
    }))

  const members: SimulatedMember[] = []
  const bySubscription = new Map<number, SimulatedMember>()
  const remember = (member: SimulatedMember) => {
    members.push(member)
    bySubscription.set(member.subscriptionId, member)
  }
  const methodFor = (memberRandom: Random) => ({
    methodType: memberRandom.chance(behaviour.bankShare)
      ? ('bank_account' as const)
      : ('stripe_card' as const),
    methodOutcome: memberRandom.chance(behaviour.failingMethodShare)
      ? ('fails' as const)
      : ('succeeds' as const),
  })

  // Members already there on the first day: their earlier periods were paid before the simulation.
  const existing = Math.round(options.members * (options.existingShare ?? 0.5))
  for (let index = 0; index < existing; index += 1) {
    const memberRandom = random.fork(`existing:${index}`)
    remember(
      await signUpMember({
        db,
        organisation,
        random: memberRandom,
        now: instantAt(start, '05:00'),
        startDate: earlierStart(memberRandom, start, options.existingSinceDays ?? 400),
        ...methodFor(memberRandom),
        firstPayment: false,
      }),
    )
  }
  // Everyone else joins on a day of the run, signing up in the afternoon.
  const joinRandom = random.fork('joins')
  const joins = new Map<number, number>()
  for (let index = existing; index < options.members; index += 1) {
    const day = joinRandom.int(0, days - 1)
    joins.set(day, (joins.get(day) ?? 0) + 1)
  }
  const setupMs = performance.now() - setupStarted

  const daysStarted = performance.now()
  const totals = { recovered: 0, cancelled: 0, paused: 0, changedMethod: 0, refused: 0, signedUp: 0 }
  let joined = existing
  for (let index = 0; index < days; index += 1) {
    const day = addDays(start, index)
    await runBillingDay({ db, providers, day })
    const actions = await actAsMembers({ db, day, members, bySubscription, behaviour })
    for (const key of ['recovered', 'cancelled', 'paused', 'changedMethod', 'refused'] as const)
      totals[key] += actions[key]

    for (let count = joins.get(index) ?? 0; count > 0; count -= 1) {
      const memberRandom = random.fork(`join:${joined}`)
      joined += 1
      const later = memberRandom.chance(behaviour.futureStartShare)
      const hour = String(memberRandom.int(10, 20)).padStart(2, '0')
      remember(
        await signUpMember({
          db,
          organisation,
          random: memberRandom,
          now: instantAt(day, `${hour}:${String(memberRandom.int(0, 59)).padStart(2, '0')}`),
          startDate: later ? addDays(day, memberRandom.int(1, 14)) : day,
          ...methodFor(memberRandom),
          firstPayment: true,
        }),
      )
      totals.signedUp += 1
    }
    options.onDay?.({ day, index, days })
  }
  const daysMs = performance.now() - daysStarted

  const checksStarted = performance.now()
  const organisationIds = [organisation.organisationId]
  const months = await summariseMonths({ db, organisationIds, from: start, until: end })
  const invariants = options.skipChecks ? [] : await checkInvariants({ db })
  const checksMs = performance.now() - checksStarted

  return {
    organisationId: organisation.organisationId,
    start,
    end,
    members,
    months,
    invariants,
    totals: { ...totals, signedUp: totals.signedUp + existing },
    timings: { setupMs, daysMs, checksMs },
  }
}
