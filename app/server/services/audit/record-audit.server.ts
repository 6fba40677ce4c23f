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

interface MembershipAudit {
  actorId: number
  subscription: { id: number; organisationId: number; userId: number }
  action: string
  description: string
  details?: Record<string, unknown>
}

/** The audit row of a line about a membership, as `auditMembership(s)` write it. */
function membershipAuditValues(options: MembershipAudit): typeof auditLog.$inferInsert {
  return {
    organisationId: options.subscription.organisationId,
    actorUserId: options.actorId,
    action: options.action,
    subjectType: 'member',
    subjectId: options.subscription.userId,
    changes: {
      subscription_id: options.subscription.id,
      description: options.description,
      ...options.details,
    },
  }
}

/**
 * A line in the member's history (issue 15) about their membership: who changed it, how, in words.
 * Written after the change succeeds; the words are kept as they were said then.
 */
export async function auditMembership(db: Db, options: MembershipAudit): Promise<void> {
  await db.insert(auditLog).values(membershipAuditValues(options))
}

/** Many such lines in one statement (the bulk price change): the same rows `auditMembership` writes. */
export async function auditMemberships(db: Db, entries: MembershipAudit[]): Promise<void> {
  if (entries.length === 0) return
  await db.insert(auditLog).values(entries.map(membershipAuditValues))
}
