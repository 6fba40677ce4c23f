import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { ownMembership } from '~/access/own-membership.server'
import { accountMembershipRoutes as routes } from '~/contracts/api/account-membership.routes'
import {
  cancelOwnMembership,
  describeSelfService,
  endOwnPause,
  pauseOwnMembership,
  previewSelfService,
  undoOwnCancellation,
} from '~/server/services/account/membership-self-service.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'

/**
 * The member's own membership in their account (issue 28): what they may do, what it would do, and
 * pause, end a pause, cancel, undo — each the staff's service with the member acting.
 */
export function registerAccountMembershipRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.selfService, async (c) => {
    const data = await describeSelfService(await read(c))
    return c.json({ data }, 200)
  })

  api.openapi(routes.preview, async (c) => {
    const query = c.req.valid('query')
    const data = await previewSelfService({
      ...(await read(c)),
      action: query.action,
      startDate: query.start_date,
      endDate: query.end_date,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.pause, async (c) => {
    const body = c.req.valid('json')
    const data = await pauseOwnMembership(
      { ...(await act(c, body.version)), startDate: body.start_date, endDate: body.end_date },
      () => ownMembership(actorOf(c)),
    )
    return c.json({ data }, 200)
  })

  api.openapi(routes.endPause, async (c) => {
    const data = await endOwnPause(await act(c, c.req.valid('json').version), () => ownMembership(actorOf(c)))
    return c.json({ data }, 200)
  })

  api.openapi(routes.cancel, async (c) => {
    const body = c.req.valid('json')
    const data = await cancelOwnMembership(
      { ...(await act(c, body.version)), reason: body.reason ?? null, comments: body.comments || null },
      () => ownMembership(actorOf(c)),
    )
    return c.json({ data }, 200)
  })

  api.openapi(routes.undoCancellation, async (c) => {
    const data = await undoOwnCancellation(await act(c, c.req.valid('json').version), () =>
      ownMembership(actorOf(c)),
    )
    return c.json({ data }, 200)
  })
}

/** The member's own membership as the access module reads it, with the request's database and clock. */
async function read(c: Context<ApiEnv>) {
  return { db: c.var.database.db, now: c.var.now, own: await ownMembership(actorOf(c)) }
}

async function act(c: Context<ApiEnv>, version: number) {
  return { ...(await read(c)), mailer: c.var.mailer, version }
}
