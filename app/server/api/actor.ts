import type { Context } from 'hono'
import type { Actor } from '~/access/actor.server'
import type { ApiEnv } from './context'

/** The request's caller as the access rules take it: the database and the session, nothing of HTTP. */
export function actorOf(c: Context<ApiEnv>): Actor {
  return { db: c.var.database.db, auth: c.var.auth }
}
