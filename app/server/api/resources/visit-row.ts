import type { VisitRow } from '~/contracts/visits'
import type { VisitListRow } from '~/server/services/visits/find-visit-page.server'

/** A visit of the visits list. */
export function toVisitRowResource(row: VisitListRow): VisitRow {
  return {
    id: row.visit.id,
    visited_at: row.visit.visitedAt.toISOString(),
    member: row.member,
    gym: row.gym,
    door: row.door?.id != null ? row.door : null,
    successful: row.visit.successful,
    refused_reason: row.visit.successful ? null : row.visit.refusedReason,
  }
}
