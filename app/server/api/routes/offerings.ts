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
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { deleteOffering } from '~/server/services/offerings/delete-offering.server'
import {
  countUniqueMemberships,
  findOfferingDetail,
  findOfferingPage,
  type OfferingAvailability,
} from '~/server/services/offerings/find-offerings.server'
import { restoreOffering } from '~/server/services/offerings/restore-offering.server'
import { updateOffering } from '~/server/services/offerings/update-offering.server'
import { findPrices } from '~/server/services/prices/find-prices.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toOfferingResource, toOfferingSummaryResource } from '../resources/offering'
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
    return c.json({ data: await offeringResource({ c, caller, offeringId: offering.id }) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const body = c.req.valid('json')
    assertMayCreateOffering(caller, { allGymsAccess: body.all_gyms_access, gymIds: body.gyms })
    const created = await createOffering({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      name: body.name,
      description: body.description ?? null,
      type: body.type,
      allGymsAccess: body.all_gyms_access,
      gyms: body.gyms,
      hours: body.hours.map((window) => ({
        day: window.day,
        openAt: window.open_at,
        closeAt: window.close_at,
      })),
      mandated: body.mandated,
      hoursMandated: body.hours_mandated,
      pricesMandated: body.prices_mandated,
      prices: body.prices.map((price) => ({ ...fromPriceRequest(price), gymId: price.gym_id ?? null })),
    })
    return c.json({ data: await offeringResource({ c, caller, offeringId: created.offering.id }) }, 201)
  })

  api.openapi(routes.update, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findManageableOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    const body = c.req.valid('json')
    // A gym admin may move the offering only between gyms they run (ADR 013), as when creating one.
    assertMayCreateOffering(caller, { allGymsAccess: body.all_gyms_access, gymIds: body.gyms })
    await updateOffering({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      offeringId: offering.id,
      name: body.name,
      description: body.description || null,
      allGymsAccess: body.all_gyms_access,
      gyms: body.gyms,
      hours: body.hours.map((window) => ({
        day: window.day,
        openAt: window.open_at,
        closeAt: window.close_at,
      })),
    })
    return c.json({ data: await offeringResource({ c, caller, offeringId: offering.id }) }, 200)
  })

  api.openapi(routes.restore, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findManageableOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    await restoreOffering({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      offeringId: offering.id,
    })
    return c.json({ message: 'Offering restored.' }, 200)
  })

  api.openapi(routes.delete, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findManageableOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    await deleteOffering({ db, organisationId: caller.organisationId, offeringId: offering.id })
    return c.json({ message: 'Offering deleted.' }, 200)
  })

  api.openapi(routes.archive, async (c) => {
    const caller = await requireCatalogueCaller(actorOf(c))
    const db = c.var.database.db
    const offering = await findManageableOffering({ db, viewer: caller, offeringId: c.req.valid('param').id })
    await archiveOffering({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      offeringId: offering.id,
    })
    return c.json({ message: 'Offering archived.' }, 200)
  })

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

async function offeringResource(options: {
  c: { var: ApiEnv['Variables'] }
  caller: CatalogueCaller
  offeringId: number
}) {
  const { c, caller, offeringId } = options
  const db = c.var.database.db
  const detail = await findOfferingDetail({
    db,
    now: c.var.now,
    organisationId: caller.organisationId,
    offeringId,
  })
  const prices = await findPrices({ db, now: c.var.now, viewer: caller, filter: { offeringId } })
  return toOfferingResource({ detail, prices, viewer: caller })
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
