import { eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/**
 * Tenant scope, in one place: every query of an organisation-owned table narrows through `ownedBy`,
 * so a search for the words "organisationId" finds the scope rule once, and a query that forgets it
 * stands out in review (ADR 016).
 */
export function ownedBy(table: { organisationId: AnyPgColumn }, organisationId: number): SQL {
  return eq(table.organisationId, organisationId)
}

/** What a query covers: some gyms, or (an organisation admin asking for no gym) the whole organisation. */
export interface GymScope {
  gymIds: number[]
  /** Also rows tied to no gym, e.g. a member with neither a home gym nor a membership. */
  wholeOrganisation: boolean
}

/** The rows of the gyms `scope` covers (nothing to add for the whole organisation; none for no gym). */
export function inGymScope(gymColumn: AnyPgColumn, scope: GymScope): SQL | undefined {
  if (scope.wholeOrganisation) return undefined
  return scope.gymIds.length === 0 ? sql`false` : inArray(gymColumn, scope.gymIds)
}
