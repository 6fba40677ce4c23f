import type { OpenAPIHono } from '@hono/zod-openapi'
import { membershipRoutes as routes } from '~/contracts/api/membership.routes'
import { describeMemberDoorAccess } from '~/server/services/door-access/member-door-access.server'
import { findActiveSubscription } from '~/server/services/join/find-active-subscription.server'
import { findMembershipOptions, quoteMembership } from '~/server/services/join/membership-quote.server'
import { memberCall } from '../actor'
import type { ApiEnv } from '../context'
import { toMembershipOptionsResource, toMembershipQuoteResource } from '../resources/membership-quote'

export function registerMembershipRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.options, async (c) => {
    const options = await findMembershipOptions(memberCall(c))
    return c.json({ data: toMembershipOptionsResource(options) }, 200)
  })

  api.openapi(routes.quote, async (c) => {
    const query = c.req.valid('query')
    const quote = await quoteMembership({
      ...memberCall(c),
      priceId: query.price_id,
      startDate: query.start_date,
    })
    return c.json({ data: toMembershipQuoteResource(quote) }, 200)
  })

  api.openapi(routes.active, async (c) => {
    const member = memberCall(c)
    const active = await findActiveSubscription(member)
    const doors =
      active &&
      (await describeMemberDoorAccess({ ...member, providers: c.var.doors, gymName: active.gym_name }))
    return c.json({ data: active && doors ? { ...active, door_access: doors } : active }, 200)
  })
}
