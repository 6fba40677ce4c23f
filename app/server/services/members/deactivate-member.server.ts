import { and, eq, gt, isNull, or } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { subscriptions, users } from '~/db/schema'
import { destroyUserSessions } from '~/server/auth/sessions.server'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import { cancelSubscriptionNow } from '~/server/services/subscriptions/manage-subscription.server'

/**
 * Deletes (deactivates) a member (issue 15): their membership, if it still runs, is cancelled today
 * (nothing more is charged: upcoming payments are cancelled), their sessions end, and they leave every
 * list (`deleted_at`); their payments, visits and history stay for the books. Door access follows the
 * cancelled membership. One transaction.
 */
export async function deactivateMember(options: {
  db: Db
  now: Date
  organisationId: number
  actorUserId: number
  memberId: number
}) {
  const { db, now } = options
  return db.transaction(async (tx) => {
    const running = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, options.memberId),
          eq(subscriptions.isStaging, false),
          or(isNull(subscriptions.cancelledAt), gt(subscriptions.undoCancellationUntil, now)),
        ),
      )
      .for('update')
    for (const subscription of running) {
      await cancelSubscriptionNow({ db: tx, now, subscription, reasons: ['Member deleted'] })
    }
    await tx.update(users).set({ deletedAt: now }).where(eq(users.id, options.memberId))
    await destroyUserSessions({ db: tx, userId: options.memberId })
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actorUserId,
      action: 'member.deleted',
      subjectType: 'member',
      subjectId: options.memberId,
      changes: {
        description: running.length > 0 ? 'Deleted; the membership was cancelled today' : 'Deleted',
      },
    })
    const message =
      running.length > 0 ? 'Member deleted; their membership was cancelled today.' : 'Member deleted.'
    return { cancelledMemberships: running.length, message }
  })
}
