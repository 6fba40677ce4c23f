import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireVisibleGym } from '~/access/caller.server'
import {
  assertMayCreateOffering,
  type CatalogueCaller,
  findManageableOffering,
  findVisibleOffering,
  requireCatalogueCaller,
} from '~/access/catalogue.server'
import { paginate } from '~/contracts/api/envelope'
import { offeringRoutes as routes } from '~/contracts/api/offerings.routes'
import type { OfferingListQueryValues } from '~/contracts/catalogue'
import { archiveOffering } from '~/server/services/offerings/archive-offering.server'
import { createViewedOffering } from '~/server/services/offerings/create-offering.server'
import { deleteOffering } from '~/server/services/offerings/delete-offering.server'
import { findOfferingView } from '~/server/services/offerings/find-offering-view.server'
import {
  countUniqueMemberships,
  findOfferingPage,
  type OfferingAvailability,
} from '~/server/services/offerings/find-offerings.server'
import { restoreOffering } from '~/server/services/offerings/restore-offering.server'
import { updateViewedOffering } from '~/server/services/offerings/update-offering.server'
import { findPrices } from '~/server/services/prices/find-prices.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { fromHoursRequest, toOfferingResource, toOfferingSummaryResource } from '../resources/offering'
import { fromPriceRequest, toPriceResource } from '../resources/price'

/** Offerings (ADR 013): each handler authorises, calls one service and maps the answer. */
export function registerOfferingRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.gymList, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const gymId = c.req.valid('param').gym_id
    requireVisibleGym(caller, gymId)
    return c.json(
      await offeringPage({ c, caller, availability: { atGym: gymId }, query: c.req.valid('query') }),
      200,
    )
  })

  api.openapi(routes.list, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const availability = { forViewer: caller }
    return c.json(await offeringPage({ c, caller, availability, query: c.req.valid('query') }), 200)
  })

  api.openapi(routes.show, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findVisibleOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    const view = await findOfferingView({ db, now: c.var.now, viewer: caller, offeringId: offering.id })
    return c.json({ data: toOfferingResource(view) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const body = c.req.valid('json')
    assertMayCreateOffering(caller, { allGymsAccess: body.all_gyms_access, gymIds: body.gyms })
    const created = await createViewedOffering({
      db: c.var.database.db,
      now: c.var.now,
      viewer: caller,
      organisationId: caller.organisationId,
      name: body.name,
      description: body.description ?? null,
      type: body.type,
      allGymsAccess: body.all_gyms_access,
      gyms: body.gyms,
      hours: fromHoursRequest(body.hours),
      mandated: body.mandated,
      hoursMandated: body.hours_mandated,
      pricesMandated: body.prices_mandated,
      prices: body.prices.map((price) => ({ ...fromPriceRequest(price), gymId: price.gym_id ?? null })),
    })
    return c.json({ data: toOfferingResource(created) }, 201)
  })

  api.openapi(routes.update, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findManageableOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    const body = c.req.valid('json')
    // A gym admin may move the offering only between gyms they run (ADR 013), as when creating one.
    assertMayCreateOffering(caller, { allGymsAccess: body.all_gyms_access, gymIds: body.gyms })
    const updated = await updateViewedOffering({
      db,
      now: c.var.now,
      viewer: caller,
      organisationId: caller.organisationId,
      offeringId: offering.id,
      name: body.name,
      description: body.description || null,
      allGymsAccess: body.all_gyms_access,
      gyms: body.gyms,
      hours: fromHoursRequest(body.hours),
    })
    return c.json({ data: toOfferingResource(updated) }, 200)
  })

  for (const [route, change] of [
    [routes.restore, restoreOffering],
    [routes.delete, deleteOffering],
    [routes.archive, archiveOffering],
  ] as const) {
    api.openapi(route, async (c) => {
      const caller = await requireCatalogueCaller(actorOf(c))
      const db = c.var.database.db
      const offering = await findManageableOffering({
        db,
        viewer: caller,
        offeringId: c.req.valid('param').id,
      })
      const { organisationId } = caller
      const { message } = await change({ db, now: c.var.now, organisationId, offeringId: offering.id })
      return c.json({ message }, 200)
    })
  }

  api.openapi(routes.prices, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findVisibleOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    const listings = await findPrices({
      db,
      now: c.var.now,
      viewer: caller,
      filter: { offeringId: offering.id },
    })
    return c.json({ data: listings.map(toPriceResource) }, 200)
  })

  api.openapi(routes.uniqueMemberships, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const params = c.req.valid('param')
    requireVisibleGym(caller, params.gym)
    const db = c.var.database.db
    const offering = await findVisibleOffering({ db, viewer: caller, offeringId: params.offering })
    const counts = await countUniqueMemberships({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      gymId: params.gym,
      offeringId: offering.id,
    })
    return c.json({ data: { gym_id: params.gym, offering_id: offering.id, ...counts } }, 200)
  })
}

async function offeringPage(options: {
  c: { var: ApiEnv['Variables']; req: { url: string } }
  caller: CatalogueCaller
  availability: OfferingAvailability
  query: OfferingListQueryValues
}) {
  const { c, query } = options
  const page = await findOfferingPage({
    db: c.var.database.db,
    now: c.var.now,
    organisationId: options.caller.organisationId,
    availability: options.availability,
    archived: query.archived,
    search: query.search,
    page: query.page,
    perPage: query.per_page,
  })
  const rows = page.rows.map(toOfferingSummaryResource)
  return paginate({ ...page, rows, page: query.page, perPage: query.per_page, url: c.req.url })
}
