import type { GymScope } from '~/access/scope.server'
import type { Db } from '~/db/client.server'

/** What each dashboard figure reads with: the organisation, the caller's gyms (`gymScope`) and the time. */
export interface DashboardRead {
  db: Db
  organisationId: number
  scope: GymScope
  now: Date
}

/** A scope of no gym at all: every figure is empty, without asking the database. */
export const seesNoGym = (scope: GymScope) => !scope.wholeOrganisation && scope.gymIds.length === 0
