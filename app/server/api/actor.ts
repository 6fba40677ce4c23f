import type { Context } from 'hono'
import type { Actor } from '~/access/actor.server'
import { requireMemberSelf } from '~/access/member-self.server'
import type { ApiEnv } from './context'

/** The request's caller as the access rules take it: the database and the session, nothing of HTTP. */
export function actorOf(c: Context<ApiEnv>): Actor {
  return { db: c.var.database.db, auth: c.var.auth }
}

/** Who a member's own call is for: the signed-in member (`requireMemberSelf`), with the database and the clock. */
export function memberCall(c: Context<ApiEnv>) {
  const member = requireMemberSelf(actorOf(c))
  return { db: c.var.database.db, now: c.var.now, organisationId: member.organisationId, userId: member.id }
}

/** What a staff action carries to its service: the database, the clock, the caller's organisation and who acts. */
export function staffAction(c: Context<ApiEnv>, caller: { organisationId: number; user: { id: number } }) {
  return {
    db: c.var.database.db,
    now: c.var.now,
    organisationId: caller.organisationId,
    actorId: caller.user.id,
  }
}
