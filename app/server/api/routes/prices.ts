import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireOwnOrganisation, requireStaff } from '~/access/caller.server'
import {
  findManageableOffering,
  findManageablePriceId,
  findVisiblePrice,
  requireCatalogueCaller,
} from '~/access/catalogue.server'
import { priceRoutes as routes } from '~/contracts/api/prices.routes'
import { proRata } from '~/server/billing/pro-rata'
import { archivePrice } from '~/server/services/prices/archive-price.server'
import { createListedPrice } from '~/server/services/prices/create-price.server'
import { createListedPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { deletePrice } from '~/server/services/prices/delete-price.server'
import { findPrices } from '~/server/services/prices/find-prices.server'
import { restorePrice } from '~/server/services/prices/restore-price.server'
import { updateListedPrice } from '~/server/services/prices/update-price.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import {
  fromPriceRequest,
  toPriceResource,
  toPrivateLinkResource,
  toProRataResource,
} from '../resources/price'

/** Prices (ADR 013): each handler authorises, calls one service and maps the answer. */
export function registerPriceRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.organisationList, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    requireOwnOrganisation(caller, c.req.valid('param').id)
    const { archived } = c.req.valid('query')
    const listings = await findPrices({
      db: c.var.database.db,
      now: c.var.now,
      viewer: caller,
      filter: { archived },
    })
    return c.json({ data: listings.map(toPriceResource) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findManageableOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    const body = c.req.valid('json')
    const listing = await createListedPrice({
      db,
      now: c.var.now,
      viewer: caller,
      organisationId: caller.organisationId,
      offeringId: offering.id,
      gymId: body.gym_id ?? null,
      ...fromPriceRequest(body),
    })
    return c.json({ data: toPriceResource(listing) }, 201)
  })

  api.openapi(routes.update, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const priceId = await findManageablePriceId({ db, viewer: caller, priceId: c.req.valid('param').id })
    const listing = await updateListedPrice({
      db,
      now: c.var.now,
      viewer: caller,
      organisationId: caller.organisationId,
      priceId,
      ...fromPriceRequest(c.req.valid('json')),
    })
    return c.json({ data: toPriceResource(listing) }, 200)
  })

  for (const [route, change] of [
    [routes.archive, archivePrice],
    [routes.restore, restorePrice],
    [routes.delete, deletePrice],
  ] as const) {
    api.openapi(route, async (c) => {
      const caller = await requireCatalogueCaller(actorOf(c))
      const db = c.var.database.db
      const priceId = await findManageablePriceId({ db, viewer: caller, priceId: c.req.valid('param').id })
      const { message } = await change({ db, now: c.var.now, organisationId: caller.organisationId, priceId })
      return c.json({ message }, 200)
    })
  }

  api.openapi(routes.createPrivateLink, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const priceId = await findManageablePriceId({ db, viewer: caller, priceId: c.req.valid('param').id })
    const created = await createListedPrivatePriceLink({
      db,
      now: c.var.now,
      viewer: caller,
      organisationId: caller.organisationId,
      priceId,
      ageBypass: c.req.valid('json').age_bypass,
      createdByUserId: caller.user.id,
    })
    return c.json({ data: toPrivateLinkResource(created.link, created.joinGymUuid) }, 201)
  })

  api.openapi(routes.proRata, async (c) => {
    // The console's calculator: any staff member, for a price of an offering they see.
    const caller = await requireStaff(actorOf(c))
    const price = await findVisiblePrice({
      db: c.var.database.db,
      viewer: caller,
      priceId: c.req.valid('param').id,
    })
    const body = c.req.valid('json')
    const result = proRata({ price, startDate: body.start_date, billingDate: body.billing_date })
    return c.json({ data: toProRataResource(result) }, 200)
  })
}
