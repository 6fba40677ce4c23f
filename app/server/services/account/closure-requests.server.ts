import { and, eq, sql } from 'drizzle-orm'
import { closureAlreadyAskedMessage } from '~/contracts/account-details'
import type { Db } from '~/db/client.server'
import { accountClosureRequests, subscriptions } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { recordAudit } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { sendMemberNotice } from '../member-notices/send-member-notice.server'
import { type MemberSelf, openClosureOf } from './find-account-details.server'

/** What the member owes now: the balance of each of their memberships, in cents. */
export async function memberOwing(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ owing: sql<number>`coalesce(sum(${subscriptions.balanceOwing}), 0)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.isStaging, false)))
  return row?.owing ?? 0
}

/**
 * The member asks for their account to be closed (issue 28): one open request at a time, a reason only
 * if they want to give one. What they owe then is kept beside it for staff.
 */
export async function askForClosure(options: MemberSelf & { reason: string; mailer: Mailer }) {
  const { db, now, userId } = options
  const reason = options.reason.trim() === '' ? null : options.reason.trim()
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: accountClosureRequests.id })
      .from(accountClosureRequests)
      .where(openClosureOf(userId))
    if (open) throw new AppError('CONFLICT', closureAlreadyAskedMessage)
    const owing = await memberOwing(tx, userId)
    const [created] = await tx
      .insert(accountClosureRequests)
      .values({
        organisationId: options.organisationId,
        userId,
        reason,
        owingWhenRequested: owing,
        requestedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: accountClosureRequests.id })
    if (!created) throw new AppError('CONFLICT', closureAlreadyAskedMessage)
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: userId,
      action: 'member.closure_requested',
      subjectType: 'member',
      subjectId: userId,
      changes: {
        description: reason
          ? `Asked for their account to be closed: “${reason}”`
          : 'Asked for their account to be closed',
        closure_request_id: created.id,
      },
    })
    await sendMemberNotice({
      db: tx,
      mailer: options.mailer,
      now,
      memberId: userId,
      subject: 'We have your request to close your account',
      heading: 'Your request to close your account',
      facts: [
        'You asked us to close your account. The gym will be in touch to finish it.',
        owing > 0
          ? `You owe ${formatCents(owing)} today; the gym will tell you how to settle it.`
          : 'You owe nothing today.',
        'Changed your mind? Withdraw the request on your account’s “Your details” page.',
      ],
    })
  })
}

const noOpenRequest = () => new AppError('CONFLICT', 'There is no open request to close the account.')

/** The member withdraws their open request. */
export async function withdrawClosure(options: MemberSelf & { mailer: Mailer }) {
  const { db, now, userId } = options
  await db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(accountClosureRequests)
      .set({ withdrawnAt: now })
      .where(openClosureOf(userId))
      .returning({ id: accountClosureRequests.id })
    if (!withdrawn) throw noOpenRequest()
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: userId,
      action: 'member.closure_withdrawn',
      subjectType: 'member',
      subjectId: userId,
      changes: {
        description: 'Withdrew their request to close their account',
        closure_request_id: withdrawn.id,
      },
    })
  })
}

/** The member's open request as staff see it, with what they owe now; null when none is open. */
export async function findOpenClosure(options: { db: Db; memberId: number }) {
  const { db, memberId } = options
  const [open] = await db.select().from(accountClosureRequests).where(openClosureOf(memberId))
  if (!open) return null
  return { request: open, owingNow: await memberOwing(db, memberId) }
}

/** Staff mark the member's open request handled (they closed the account, or settled it with them). */
export async function handleClosure(options: {
  db: Db
  now: Date
  organisationId: number
  actorId: number
  memberId: number
}) {
  const { db, now, memberId } = options
  await db.transaction(async (tx) => {
    const [handled] = await tx
      .update(accountClosureRequests)
      .set({ handledAt: now, handledByUserId: options.actorId })
      .where(openClosureOf(memberId))
      .returning({ id: accountClosureRequests.id })
    if (!handled) throw noOpenRequest()
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actorId,
      action: 'member.closure_handled',
      subjectType: 'member',
      subjectId: memberId,
      changes: {
        description: 'Marked the request to close the account as handled',
        closure_request_id: handled.id,
      },
    })
  })
}
