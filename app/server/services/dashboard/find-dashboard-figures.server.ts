import type { GymScope } from '~/access/scope.server'
import { NEW_MEMBER_DAYS } from '~/contracts/dashboard'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { findDemoHistoryState } from '../demo/find-demo-history-state.server'
import { countMemberStates } from '../members/count-member-states.server'
import { findMembersPerOffering } from '../members/members-now.server'
import { findExpectedPayments } from '../payments/find-expected-payments.server'
import { countSelfServiceChanges } from './count-self-service.server'
import { findCollections, sumCollected } from './find-collections.server'
import { findFailedPayments } from './find-failed-payments.server'
import { findVisitPattern } from './find-visit-pattern.server'

/**
 * The dashboard's cards (issue 13), each read at once for the gyms shown. Money (collections, expected
 * and failed payments, cost per visit) only when `seesMoney` (ADR 032: those who run every gym shown).
 */
interface FigureOptions {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
}

/** The headline: members by state (new ones since `NEW_MEMBER_DAYS` ago), collections, the demo's history. */
export async function findDashboardStats(options: FigureOptions & { seesMoney: boolean }) {
  const { seesMoney, ...figures } = options
  const today = calendarDateAt(options.now)
  const newSince = addDays(today, 1 - NEW_MEMBER_DAYS)
  const [states, collections, demoHistory, selfService] = await readTogether(options.db, [
    () => countMemberStates({ ...figures, newSince }),
    () => (seesMoney ? findCollections(figures) : null),
    () => findDemoHistoryState({ db: options.db }),
    () => countSelfServiceChanges(figures),
  ])
  return {
    today,
    newSince,
    states,
    collections,
    demoHistoryPending: demoHistory === 'in_progress',
    selfService,
  }
}

/** Members by state and by offering. */
export async function findUserBreakdown(options: FigureOptions) {
  const [states, offerings] = await readTogether(options.db, [
    () => countMemberStates(options),
    () => findMembersPerOffering(options),
  ])
  return { today: calendarDateAt(options.now), states, offerings }
}

/**
 * The last weeks' visits, the next four weeks' expected collections, the failed payments, and what a
 * visit cost members over the visits' weeks (collected ÷ visits).
 */
export async function findCostAndVisitBreakdown(options: FigureOptions & { seesMoney: boolean }) {
  const { seesMoney, ...figures } = options
  const [visits, expected, failed] = await readTogether(options.db, [
    () => findVisitPattern(figures),
    () => (seesMoney ? findExpectedPayments({ ...figures, weeksBack: 1 }) : null),
    () => (seesMoney ? findFailedPayments(figures) : null),
  ])
  const collected = seesMoney
    ? await sumCollected({ ...figures, startsOn: visits.starts_on, endsOn: addDays(visits.ends_on, 1) })
    : null
  const expectedWeeks = expected ? expected.weeks.filter((week) => week.timing !== 'past').slice(0, 4) : null
  const costPerVisit =
    collected !== null && visits.total > 0 ? Math.round(collected.amount / visits.total) : null
  return { today: calendarDateAt(options.now), visits, expectedWeeks, failed, costPerVisit }
}
