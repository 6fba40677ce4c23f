import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireMemberSelf } from '~/access/member-self.server'
import { membershipRoutes as routes } from '~/contracts/api/membership.routes'
import { describeMemberDoorAccess } from '~/server/services/door-access/member-door-access.server'
import { findActiveSubscription } from '~/server/services/join/find-active-subscription.server'
import { findMembershipOptions, quoteMembership } from '~/server/services/join/membership-quote.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toMembershipOptionsResource, toMembershipQuoteResource } from '../resources/membership-quote'

export function registerMembershipRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.options, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const options = await findMembershipOptions({ db: c.var.database.db, now: c.var.now, userId: member.id })
    return c.json({ data: toMembershipOptionsResource(options) }, 200)
  })

  api.openapi(routes.quote, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const query = c.req.valid('query')
    const quote = await quoteMembership({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: member.organisationId,
      userId: member.id,
      priceId: query.price_id,
      startDate: query.start_date,
    })
    return c.json({ data: toMembershipQuoteResource(quote) }, 200)
  })

  api.openapi(routes.active, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const db = c.var.database.db
    const active = await findActiveSubscription({ db, userId: member.id, now: c.var.now })
    const doors =
      active &&
      (await describeMemberDoorAccess({
        db,
        providers: c.var.doors,
        organisationId: member.organisationId,
        userId: member.id,
        gymName: active.gym_name,
        now: c.var.now,
      }))
    return c.json({ data: active && doors ? { ...active, door_access: doors } : active }, 200)
  })
}
