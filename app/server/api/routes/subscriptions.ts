import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { membershipStarter, subscriptionFor } from '~/access/subscriptions.server'
import { subscriptionRoutes as routes } from '~/contracts/api/subscriptions.routes'
import { cancelMembership } from '~/server/services/subscriptions/cancel-membership.server'
import type {
  MembershipAfterChange,
  MembershipChange,
} from '~/server/services/subscriptions/membership-change.server'
import { pauseMembership } from '~/server/services/subscriptions/pause-membership.server'
import { recordDeskPayment } from '~/server/services/subscriptions/record-desk-payment.server'
import { resumeMembership } from '~/server/services/subscriptions/resume-membership.server'
import { startMembership } from '~/server/services/subscriptions/start-membership.server'
import {
  startEarlyData,
  startMembershipEarly,
} from '~/server/services/subscriptions/start-membership-early.server'
import { undoCancellation } from '~/server/services/subscriptions/undo-cancellation.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { clientIp } from '../request-info'
import { toMembershipChangeResource, toSubscriptionResource } from '../resources/subscription'

/**
 * A membership's life: started, paused, resumed, cancelled, undone, started early, paid at the desk.
 * Each handler parses, calls one service with the access module's answer, and maps what it answers.
 */
export function registerSubscriptionRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.create, async (c) => {
    const body = c.req.valid('json')
    const created = await startMembership({
      db: c.var.database.db,
      now: c.var.now,
      mailer: c.var.mailer,
      payments: c.var.payments.charges,
      doors: c.var.doors,
      starter: await membershipStarter(actorOf(c), body),
      body,
      ipAddress: clientIp(c),
    })
    return c.json({ data: toSubscriptionResource(created) }, 201)
  })

  api.openapi(routes.pause, async (c) => {
    const change = await changeOf(c, c.req.valid('param').id)
    const { start_date, end_date, version } = c.req.valid('json')
    const paused = await pauseMembership({ ...change, version, startDate: start_date, endDate: end_date })
    return c.json({ data: toMembershipChangeResource(paused, c.var.now) }, 200)
  })

  api.openapi(routes.resume, membershipAction(resumeMembership))

  api.openapi(routes.cancel, async (c) => {
    const change = await changeOf(c, c.req.valid('param').id)
    const { version, immediately, reasons, comments } = c.req.valid('json')
    const cancelled = await cancelMembership({
      ...change,
      version,
      immediately,
      reasons,
      comments: comments ?? null,
    })
    return c.json({ data: toMembershipChangeResource(cancelled, c.var.now) }, 200)
  })

  api.openapi(routes.undo, membershipAction(undoCancellation))

  api.openapi(routes.manualPayment, async (c) => {
    const change = await changeOf(c, c.req.valid('param').id)
    const { version, amount, method, note } = c.req.valid('json')
    const recorded = await recordDeskPayment({ ...change, version, amount, method, note })
    return c.json({ data: toMembershipChangeResource(recorded, c.var.now) }, 200)
  })

  api.openapi(routes.startEarlyData, async (c) => {
    const { subscription } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'read')
    const data = await startEarlyData({ db: c.var.database.db, now: c.var.now, subscription })
    return c.json({ data }, 200)
  })

  api.openapi(routes.startEarly, membershipAction(startMembershipEarly))
}

/**
 * A membership action that needs nothing but the version the caller read: the change, answered as the
 * member page's membership.
 */
function membershipAction(act: (change: MembershipChange) => Promise<MembershipAfterChange>) {
  return async (
    c: Context<ApiEnv, string, { out: { param: { id: number }; json: { version: number } } }>,
  ) => {
    const change = await changeOf(c, c.req.valid('param').id)
    const { version } = c.req.valid('json')
    return c.json({ data: toMembershipChangeResource(await act({ ...change, version }), c.var.now) }, 200)
  }
}

/**
 * What every staff change to one membership takes but the version the caller read: the request's
 * database, mailer and clock, and the access module's answer for managing it (read once, passed on).
 * It is asked for before the body is read (ADR 057): a membership the caller may not manage is a 404 or
 * 403 whatever the body holds; the handler then adds the body's `version`.
 */
export async function changeOf(c: Context<ApiEnv>, id: number): Promise<Omit<MembershipChange, 'version'>> {
  const access = await subscriptionFor(actorOf(c), id, 'manage')
  return { db: c.var.database.db, mailer: c.var.mailer, now: c.var.now, access }
}
