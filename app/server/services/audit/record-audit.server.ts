import type { Db } from '~/db/client.server'
import { auditLog } from '~/db/schema'

/**
 * One line of the audit log: who did what to which record (or, for an export, which rows they took).
 * Append-only; written in the caller's transaction when the action changes something, so the line and
 * the change stand or fall together.
 */
export async function recordAudit(
  db: Db,
  entry: {
    organisationId: number
    actorUserId: number
    action: string
    subjectType: string
    subjectId?: number | null
    changes?: Record<string, unknown>
  },
): Promise<void> {
  await db.insert(auditLog).values({
    organisationId: entry.organisationId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    changes: entry.changes ?? {},
  })
}
