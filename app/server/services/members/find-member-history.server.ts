import { and, count, desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { auditLog, gyms, mailOutbox, payments, users, visits } from '~/db/schema'
import { findFixablePaymentIds } from '~/server/billing/engine/owed-periods.server'

/**
 * A member's payments and door events for their page (issue 15), newest first and paged; each read
 * through an index on the member (`payments_user_due_on_idx`, `visits_user_visited_at_idx`). The caller
 * has checked the member is in scope. Payments come with which of them can still be fixed by hand.
 */
export async function findMemberPayments(options: {
  db: Db
  memberId: number
  page: number
  perPage: number
}) {
  const { db, memberId, page, perPage } = options
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(payments)
        .where(eq(payments.userId, memberId))
        .orderBy(desc(payments.dueOn), desc(payments.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
    () => db.select({ total: count() }).from(payments).where(eq(payments.userId, memberId)),
  ])
  const fixable = await findFixablePaymentIds(
    db,
    rows.map((row) => row.id),
  )
  return { rows, total: total?.total ?? 0, fixable }
}

export async function findMemberVisits(options: { db: Db; memberId: number; page: number; perPage: number }) {
  const { db, memberId, page, perPage } = options
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select({
          id: visits.id,
          visitedAt: visits.visitedAt,
          successful: visits.successful,
          gym: { id: gyms.id, name: gyms.name },
        })
        .from(visits)
        .innerJoin(gyms, eq(gyms.id, visits.gymId))
        .where(eq(visits.userId, memberId))
        .orderBy(desc(visits.visitedAt), desc(visits.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
    () => db.select({ total: count() }).from(visits).where(eq(visits.userId, memberId)),
  ])
  return { rows, total: total?.total ?? 0 }
}

/**
 * The member's history: every staff change to them or their memberships (the audit log) and every
 * notice they were sent about it (the outbox rows marked as theirs, issue 25), newest first. Each source
 * is read up to the end of the page asked for, through its index on the member, and merged.
 */
export async function findMemberAuditPage(options: {
  db: Db
  organisationId: number
  memberId: number
  page: number
  perPage: number
  /** Whether the reader sees the member's money (ADR 032): lines naming amounts are said without them. */
  seesMoney: boolean
}) {
  const { db, organisationId, memberId, page, perPage, seesMoney } = options
  const about = and(
    eq(auditLog.organisationId, organisationId),
    eq(auditLog.subjectType, 'member'),
    eq(auditLog.subjectId, memberId),
  )
  const mailAbout = and(eq(mailOutbox.memberId, memberId), eq(mailOutbox.organisationId, organisationId))
  const upTo = page * perPage
  const [changes, mails, [changeTotal], [mailTotal]] = await readTogether(db, [
    () =>
      db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          changes: auditLog.changes,
          createdAt: auditLog.createdAt,
          actor: { id: users.id, name: users.name },
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(about)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(upTo),
    () =>
      db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(mailAbout)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(upTo),
    () => db.select({ total: count() }).from(auditLog).where(about),
    () => db.select({ total: count() }).from(mailOutbox).where(mailAbout),
  ])
  // A notice is written in the change's transaction, so it has the change's time: listed right under it.
  const merged = [
    ...changes.map((row) => ({
      kind: 'change' as const,
      row,
      description: changeDescription(row, seesMoney),
      at: row.createdAt.getTime(),
      order: 1,
    })),
    ...mails.map((row) => ({
      kind: 'email' as const,
      row,
      description: `E-mailed: ${row.subject}`,
      at: row.createdAt.getTime(),
      order: 0,
    })),
  ].sort((a, b) => b.at - a.at || b.order - a.order || b.row.id - a.row.id)
  return {
    rows: merged.slice((page - 1) * perPage, upTo),
    total: (changeTotal?.total ?? 0) + (mailTotal?.total ?? 0),
  }
}

/** History lines that name amounts, as staff who may not see money read them (ADR 014). */
const withoutMoney: Record<string, string> = {
  'payment.recorded': 'Payment recorded',
  'membership.started_early': 'Started early',
  'membership.price_change_scheduled': 'Price change scheduled',
  'payment.waived': 'A failed payment waived',
  'payment.retried': 'A failed payment retried',
}

function changeDescription(row: { action: string; changes: Record<string, unknown> }, seesMoney: boolean) {
  if (!seesMoney && row.action in withoutMoney) return withoutMoney[row.action] ?? row.action
  return typeof row.changes.description === 'string' ? row.changes.description : row.action
}
