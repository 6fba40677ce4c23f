import type { OpenAPIHono } from '@hono/zod-openapi'
import { gymScope, requireArea, requireStaff } from '~/access/caller.server'
import { findVisiblePrice } from '~/access/catalogue.server'
import { priceChangeRoutes as routes } from '~/contracts/api/price-changes.routes'
import { findPriceMemberships } from '~/server/services/subscriptions/find-price-memberships.server'
import {
  previewPriceChanges,
  schedulePriceChanges,
} from '~/server/services/subscriptions/schedule-price-changes.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'

export function registerPriceChangeRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.memberships, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'price_changes')
    const db = c.var.database.db
    const price = await findVisiblePrice({ db, viewer: caller, priceId: c.req.valid('param').id })
    const data = await findPriceMemberships({
      db,
      organisationId: caller.organisationId,
      scope: adminScope(caller),
      priceId: price.id,
      now: c.var.now,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.preview, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'price_changes')
    const body = c.req.valid('json')
    const db = c.var.database.db
    await findVisiblePrice({ db, viewer: caller, priceId: body.price_id })
    const scope = adminScope(caller)
    const changes = await previewPriceChanges({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      priceId: body.price_id,
      date: body.date,
      subscriptions: body.subscriptions,
      allowed: (gymId) => scope.wholeOrganisation || scope.gymIds.includes(gymId),
    })
    return c.json({ data: { changes } }, 200)
  })

  api.openapi(routes.schedule, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'price_changes')
    const body = c.req.valid('json')
    const db = c.var.database.db
    await findVisiblePrice({ db, viewer: caller, priceId: body.price_id })
    const scope = adminScope(caller)
    const scheduled = await schedulePriceChanges({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      actorId: caller.user.id,
      mailer: c.var.mailer,
      priceId: body.price_id,
      date: body.date,
      subscriptions: body.subscriptions,
      allowed: (gymId) => scope.wholeOrganisation || scope.gymIds.includes(gymId),
    })
    return c.json({ data: { scheduled } }, 200)
  })
}

/** The gyms whose memberships the caller may move: every gym for an organisation admin, else those they run. */
function adminScope(caller: Awaited<ReturnType<typeof requireStaff>>) {
  if (caller.isOrganisationAdmin) return gymScope(caller, undefined)
  const gymIds = caller.gyms
    .filter((_, index) => caller.access.gymRoles[index] === 'admin')
    .map((gym) => gym.id)
  return { gymIds, wholeOrganisation: false }
}
