import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Context } from 'hono'
import {
  gyms,
  offeringGyms,
  offeringHours,
  offerings,
  prices,
  privatePriceLinks,
  subscriptions,
} from '~/db/schema'
import {
  createOfferingRequestSchema,
  formatTerm,
  offeringListQuerySchema,
  offeringSchema,
  offeringSummarySchema,
  offeringTypeLabels,
  organisationPricesQuerySchema,
  type Price,
  priceInputSchema,
  priceSchema,
  privateLinkRequestSchema,
  privateLinkSchema,
  uniqueMembershipsSchema,
  updatePriceRequestSchema,
} from '~/features/catalogue/contract'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { billingPeriodsBetween, isRecurringFrequency } from '~/server/billing/periods'
import { termEndDate } from '~/server/billing/term-membership'
import { archiveOffering } from '~/server/services/offerings/archive-offering.server'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { deleteOffering } from '~/server/services/offerings/delete-offering.server'
import { archivePrice } from '~/server/services/prices/archive-price.server'
import { createPrice } from '~/server/services/prices/create-price.server'
import { createPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { deletePrice } from '~/server/services/prices/delete-price.server'
import { restorePrice } from '~/server/services/prices/restore-price.server'
import { updatePrice } from '~/server/services/prices/update-price.server'
import { unauthorisedMessage } from '../authorise'
import {
  type CatalogueCaller,
  canManageOffering,
  canSeeOffering,
  findManageableOffering,
  findVisibleOffering,
  offeringGymIds,
  requireCatalogueCaller,
} from '../catalogue-access'
import type { ApiEnv } from '../context'
import { dataEnvelope, messageSchema, paginate, paginatedEnvelope } from '../envelope'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'
import { publicSiteUrl } from '../request-info'

const idParam = z.object({ id: z.coerce.number().int().positive() })
const notFound = jsonResponse('Not found (or another organisation’s)', messageSchema)
const errors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: notFound,
  409: jsonResponse('Refused: memberships depend on it', messageSchema),
  422: errorResponses[422],
}
const messageResponse = jsonResponse('Done', messageSchema)
const iso = (value: Date | null) => (value ? value.toISOString() : null)

const routes = {
  gymOfferings: createRoute({
    method: 'get',
    path: '/gyms/{gym_id}/offerings',
    tags: ['Offerings'],
    summary: 'Offerings available at a gym, with price and membership counts',
    request: {
      params: z.object({ gym_id: z.coerce.number().int().positive() }),
      query: offeringListQuerySchema,
    },
    responses: {
      200: jsonResponse('A page of offerings', paginatedEnvelope(offeringSummarySchema)),
      ...errors,
    },
  }),
  offerings: createRoute({
    method: 'get',
    path: '/offerings',
    tags: ['Offerings'],
    summary: 'Offerings of the caller’s gyms (the whole organisation for its admins)',
    request: { query: offeringListQuerySchema },
    responses: {
      200: jsonResponse('A page of offerings', paginatedEnvelope(offeringSummarySchema)),
      ...errors,
    },
  }),
  offering: createRoute({
    method: 'get',
    path: '/offerings/{id}',
    tags: ['Offerings'],
    summary: 'An offering with its hours, gyms and prices',
    request: { params: idParam },
    responses: { 200: jsonResponse('The offering', dataEnvelope(offeringSchema)), ...errors },
  }),
  createOffering: createRoute({
    method: 'post',
    path: '/offerings',
    tags: ['Offerings'],
    summary: 'Create an offering with its hours, gyms and prices',
    request: jsonBody(createOfferingRequestSchema),
    responses: { 201: jsonResponse('The offering', dataEnvelope(offeringSchema)), ...errors },
  }),
  deleteOffering: createRoute({
    method: 'delete',
    path: '/offerings/{id}',
    tags: ['Offerings'],
    summary: 'Delete an offering no membership was ever taken on (else 409: archive it)',
    request: { params: idParam },
    responses: { 200: messageResponse, ...errors },
  }),
  archiveOffering: createRoute({
    method: 'delete',
    path: '/offerings/{id}/archive',
    tags: ['Offerings'],
    summary: 'Take an offering off sale; memberships on it carry on',
    request: { params: idParam },
    responses: { 200: messageResponse, ...errors },
  }),
  offeringPrices: createRoute({
    method: 'get',
    path: '/offerings/{id}/prices',
    tags: ['Prices'],
    summary: 'Prices of an offering, archived ones included',
    request: { params: idParam },
    responses: { 200: jsonResponse('Prices', dataEnvelope(z.array(priceSchema))), ...errors },
  }),
  uniqueMemberships: createRoute({
    method: 'get',
    path: '/gyms/{gym}/offerings/{offering}/unique-memberships',
    tags: ['Offerings'],
    summary: 'How many different members hold (or held) the offering at a gym',
    request: {
      params: z.object({
        gym: z.coerce.number().int().positive(),
        offering: z.coerce.number().int().positive(),
      }),
    },
    responses: { 200: jsonResponse('Counts', dataEnvelope(uniqueMembershipsSchema)), ...errors },
  }),
  organisationPrices: createRoute({
    method: 'get',
    path: '/organisations/{id}/prices',
    tags: ['Prices'],
    summary: 'Every price the caller can see in the organisation',
    request: { params: idParam, query: organisationPricesQuerySchema },
    responses: { 200: jsonResponse('Prices', dataEnvelope(z.array(priceSchema))), ...errors },
  }),
  createPrice: createRoute({
    method: 'post',
    path: '/offerings/{id}/prices',
    tags: ['Prices'],
    summary: 'Add a price to an offering',
    request: { params: idParam, ...jsonBody(priceInputSchema) },
    responses: { 201: jsonResponse('The price', dataEnvelope(priceSchema)), ...errors },
  }),
  updatePrice: createRoute({
    method: 'put',
    path: '/prices/{id}',
    tags: ['Prices'],
    summary: 'Edit a price (amount, frequency and term only while no member is on it)',
    request: { params: idParam, ...jsonBody(updatePriceRequestSchema) },
    responses: { 200: jsonResponse('The price', dataEnvelope(priceSchema)), ...errors },
  }),
  archivePrice: createRoute({
    method: 'delete',
    path: '/prices/{id}/archive',
    tags: ['Prices'],
    summary: 'Take a price off sale; members on it keep it',
    request: { params: idParam },
    responses: { 200: messageResponse, ...errors },
  }),
  restorePrice: createRoute({
    method: 'post',
    path: '/prices/{id}/restore',
    tags: ['Prices'],
    summary: 'Put an archived price back on sale',
    request: { params: idParam },
    responses: { 200: messageResponse, ...errors },
  }),
  deletePrice: createRoute({
    method: 'delete',
    path: '/prices/{id}',
    tags: ['Prices'],
    summary: 'Delete a price no membership was ever on (else 409: archive it)',
    request: { params: idParam },
    responses: { 200: messageResponse, ...errors },
  }),
  privateLink: createRoute({
    method: 'post',
    path: '/prices/{id}/private-links',
    tags: ['Prices'],
    summary: 'A join-site link offering a private price (optionally also waiving the minimum age)',
    request: { params: idParam, ...jsonBody(privateLinkRequestSchema) },
    responses: { 201: jsonResponse('The link', dataEnvelope(privateLinkSchema)), ...errors },
  }),
}

export function registerCatalogueRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.gymOfferings, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const gymId = c.req.valid('param').gym_id
    if (!caller.gymIds.includes(gymId)) throw new AppError('NOT_FOUND', 'Gym not found.')
    const reach = or(
      eq(offerings.allGymsAccess, true),
      exists(
        c.var.database.db
          .select({ one: sql`1` })
          .from(offeringGyms)
          .where(and(eq(offeringGyms.offeringId, offerings.id), eq(offeringGyms.gymId, gymId))),
      ),
    )
    return c.json(await offeringPage(c, caller, reach, c.req.valid('query'), gymId), 200)
  })

  api.openapi(routes.offerings, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const reach = caller.isOrganisationAdmin
      ? undefined
      : or(
          eq(offerings.allGymsAccess, true),
          caller.gymIds.length === 0
            ? sql`false`
            : exists(
                c.var.database.db
                  .select({ one: sql`1` })
                  .from(offeringGyms)
                  .where(
                    and(
                      eq(offeringGyms.offeringId, offerings.id),
                      inArray(offeringGyms.gymId, caller.gymIds),
                    ),
                  ),
              ),
        )
    return c.json(await offeringPage(c, caller, reach, c.req.valid('query'), undefined), 200)
  })

  api.openapi(routes.offering, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const offering = await findVisibleOffering(c, caller, c.req.valid('param').id)
    return c.json({ data: await offeringResource(c, caller, offering.id) }, 200)
  })

  api.openapi(routes.createOffering, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const body = c.req.valid('json')
    // A gym admin creates offerings only for gyms they administer; an all-gyms offering is the
    // organisation admins' (ADR 013).
    if (!canManageOffering(caller, { allGymsAccess: body.all_gyms_access, gymIds: body.gyms })) {
      const foreign = body.gyms.some((gymId) => !caller.gymIds.includes(gymId))
      if (foreign && !body.all_gyms_access) {
        const message = 'The selected gym is invalid.'
        throw new AppError('VALIDATION', message, { fieldErrors: { gyms: [message] } })
      }
      throw new AppError('FORBIDDEN', unauthorisedMessage)
    }
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
      prices: body.prices.map((price) => ({ ...priceFields(price), gymId: price.gym_id ?? null })),
    })
    return c.json({ data: await offeringResource(c, caller, created.offering.id) }, 201)
  })

  api.openapi(routes.deleteOffering, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const offering = await findManageableOffering(c, caller, c.req.valid('param').id)
    await deleteOffering({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      offeringId: offering.id,
    })
    return c.json({ message: 'Offering deleted.' }, 200)
  })

  api.openapi(routes.archiveOffering, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const offering = await findManageableOffering(c, caller, c.req.valid('param').id)
    await archiveOffering({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      offeringId: offering.id,
    })
    return c.json({ message: 'Offering archived.' }, 200)
  })

  api.openapi(routes.offeringPrices, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const offering = await findVisibleOffering(c, caller, c.req.valid('param').id)
    return c.json({ data: await priceResources(c, caller, eq(prices.offeringId, offering.id)) }, 200)
  })

  api.openapi(routes.uniqueMemberships, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const params = c.req.valid('param')
    if (!caller.gymIds.includes(params.gym)) throw new AppError('NOT_FOUND', 'Gym not found.')
    const offering = await findVisibleOffering(c, caller, params.offering)
    const current = currentMembership(calendarDateAt(c.var.now))
    const [row] = await c.var.database.db
      .select({
        total: countDistinct(subscriptions.userId),
        current: sql<number>`count(distinct ${subscriptions.userId}) filter (where ${current})`.mapWith(
          Number,
        ),
      })
      .from(subscriptions)
      .innerJoin(prices, eq(prices.id, subscriptions.priceId))
      .where(
        and(
          eq(prices.offeringId, offering.id),
          eq(subscriptions.gymId, params.gym),
          eq(subscriptions.isStaging, false),
        ),
      )
    return c.json(
      {
        data: {
          gym_id: params.gym,
          offering_id: offering.id,
          total: row?.total ?? 0,
          current: row?.current ?? 0,
        },
      },
      200,
    )
  })

  api.openapi(routes.organisationPrices, async (c) => {
    const caller = await requireCatalogueCaller(c)
    if (c.req.valid('param').id !== caller.organisationId)
      throw new AppError('NOT_FOUND', 'Organisation not found.')
    const { archived } = c.req.valid('query')
    const where =
      archived === undefined ? undefined : archived ? isNotNull(prices.archivedAt) : isNull(prices.archivedAt)
    return c.json({ data: await priceResources(c, caller, where) }, 200)
  })

  api.openapi(routes.createPrice, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const offering = await findManageableOffering(c, caller, c.req.valid('param').id)
    const body = c.req.valid('json')
    const price = await createPrice({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      offeringId: offering.id,
      gymId: body.gym_id ?? null,
      ...priceFields(body),
    })
    return c.json({ data: await onePrice(c, caller, price.id) }, 201)
  })

  api.openapi(routes.updatePrice, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const priceId = await manageablePriceId(c, caller, c.req.valid('param').id)
    const body = c.req.valid('json')
    await updatePrice({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      priceId,
      ...priceFields(body),
    })
    return c.json({ data: await onePrice(c, caller, priceId) }, 200)
  })

  api.openapi(routes.archivePrice, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const priceId = await manageablePriceId(c, caller, c.req.valid('param').id)
    await archivePrice({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      priceId,
    })
    return c.json({ message: 'Price archived.' }, 200)
  })

  api.openapi(routes.restorePrice, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const priceId = await manageablePriceId(c, caller, c.req.valid('param').id)
    await restorePrice({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      priceId,
    })
    return c.json({ message: 'Price restored.' }, 200)
  })

  api.openapi(routes.deletePrice, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const priceId = await manageablePriceId(c, caller, c.req.valid('param').id)
    await deletePrice({ db: c.var.database.db, organisationId: caller.organisationId, priceId })
    return c.json({ message: 'Price deleted.' }, 200)
  })

  api.openapi(routes.privateLink, async (c) => {
    const caller = await requireCatalogueCaller(c)
    const priceId = await manageablePriceId(c, caller, c.req.valid('param').id)
    const link = await createPrivatePriceLink({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      priceId,
      ageBypass: c.req.valid('json').age_bypass,
      createdByUserId: caller.user.id,
    })
    const gymUuid = await priceGymUuid(c, priceId)
    return c.json({ data: privateLinkResource(link, gymUuid) }, 201)
  })
}

/* Offerings */

async function offeringPage(
  c: Context<ApiEnv>,
  caller: CatalogueCaller,
  reach: SQL | undefined,
  query: z.output<typeof offeringListQuerySchema>,
  gymId: number | undefined,
) {
  const db = c.var.database.db
  const where = and(
    eq(offerings.organisationId, caller.organisationId),
    query.archived ? isNotNull(offerings.archivedAt) : isNull(offerings.archivedAt),
    query.search ? ilike(offerings.name, `%${escapeLike(query.search)}%`) : undefined,
    reach,
  )
  const [totalRow] = await db.select({ total: count() }).from(offerings).where(where)
  const rows = await db
    .select()
    .from(offerings)
    .where(where)
    .orderBy(asc(offerings.name), asc(offerings.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  const summaries = await offeringSummaries(c, rows, gymId)
  return paginate({
    rows: summaries,
    total: totalRow?.total ?? 0,
    page: query.page,
    perPage: query.per_page,
    url: c.req.url,
  })
}

type OfferingRow = typeof offerings.$inferSelect

/** Summaries with gyms and counts; at one gym, the counts are of that gym's prices and memberships. */
async function offeringSummaries(c: Context<ApiEnv>, rows: OfferingRow[], gymId: number | undefined) {
  const db = c.var.database.db
  const ids = rows.map((row) => row.id)
  if (ids.length === 0) return []
  const gymRows = await db
    .select({ offeringId: offeringGyms.offeringId, id: gyms.id, name: gyms.name })
    .from(offeringGyms)
    .innerJoin(gyms, eq(gyms.id, offeringGyms.gymId))
    .where(inArray(offeringGyms.offeringId, ids))
    .orderBy(asc(gyms.name))
  const priceCounts = await db
    .select({ offeringId: prices.offeringId, count: count() })
    .from(prices)
    .where(
      and(
        inArray(prices.offeringId, ids),
        isNull(prices.archivedAt),
        gymId === undefined ? undefined : or(isNull(prices.gymId), eq(prices.gymId, gymId)),
      ),
    )
    .groupBy(prices.offeringId)
  const membershipCounts = await db
    .select({ offeringId: prices.offeringId, count: count() })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .where(
      and(
        inArray(prices.offeringId, ids),
        currentMembership(calendarDateAt(c.var.now)),
        gymId === undefined ? undefined : eq(subscriptions.gymId, gymId),
      ),
    )
    .groupBy(prices.offeringId)
  const countOf = (list: Array<{ offeringId: number; count: number }>, id: number) =>
    list.find((entry) => entry.offeringId === id)?.count ?? 0
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    all_gyms_access: row.allGymsAccess,
    mandated: row.mandated,
    hours_mandated: row.hoursMandated,
    prices_mandated: row.pricesMandated,
    gyms: gymRows.filter((gym) => gym.offeringId === row.id).map((gym) => ({ id: gym.id, name: gym.name })),
    prices_count: countOf(priceCounts, row.id),
    memberships_count: countOf(membershipCounts, row.id),
    archived_at: iso(row.archivedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    display_type: offeringTypeLabels[row.type],
  }))
}

async function offeringResource(c: Context<ApiEnv>, caller: CatalogueCaller, offeringId: number) {
  const db = c.var.database.db
  const [row] = await db.select().from(offerings).where(eq(offerings.id, offeringId))
  if (!row) throw new AppError('NOT_FOUND', 'Offering not found.')
  const [summary] = await offeringSummaries(c, [row], undefined)
  if (!summary) throw new AppError('NOT_FOUND', 'Offering not found.')
  const hours = await db
    .select()
    .from(offeringHours)
    .where(eq(offeringHours.offeringId, offeringId))
    .orderBy(asc(offeringHours.day), asc(offeringHours.openAt))
  const gymIds = summary.gyms.map((gym) => gym.id)
  return {
    ...summary,
    hours: hours.map((window) => ({
      id: window.id,
      day: window.day,
      open_at: window.openAt.slice(0, 5),
      close_at: window.closeAt.slice(0, 5),
    })),
    prices: await priceResources(c, caller, eq(prices.offeringId, offeringId)),
    can_manage: canManageOffering(caller, { allGymsAccess: row.allGymsAccess, gymIds }),
  }
}

/* Prices */

/** A price as the API takes it (snake_case, optional parts absent), as the price services take it. */
function priceFields(price: z.output<typeof updatePriceRequestSchema>) {
  return {
    amount: price.amount,
    billingFrequency: price.billing_frequency,
    joiningFee: price.joining_fee ?? 0,
    private: price.private,
    termAmount: price.term_amount ?? null,
    termUnit: price.term_unit ?? null,
  }
}

/** The price's id once the caller may change its offering; else 404 (can't see) or 403. */
async function manageablePriceId(
  c: Context<ApiEnv>,
  caller: CatalogueCaller,
  priceId: number,
): Promise<number> {
  const [price] = await c.var.database.db
    .select({ id: prices.id, offeringId: prices.offeringId })
    .from(prices)
    .where(and(eq(prices.id, priceId), eq(prices.organisationId, caller.organisationId)))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  try {
    await findManageableOffering(c, caller, price.offeringId)
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', 'Price not found.')
    throw error
  }
  return price.id
}

async function onePrice(c: Context<ApiEnv>, caller: CatalogueCaller, priceId: number): Promise<Price> {
  const [price] = await priceResources(c, caller, eq(prices.id, priceId))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  return price
}

/** Prices of the caller's organisation matching `where`, limited to offerings the caller can see. */
async function priceResources(
  c: Context<ApiEnv>,
  caller: CatalogueCaller,
  where: SQL | undefined,
): Promise<Price[]> {
  const db = c.var.database.db
  const rows = await db
    .select({
      price: prices,
      offeringName: offerings.name,
      allGymsAccess: offerings.allGymsAccess,
      gymName: gyms.name,
      gymUuid: gyms.uuid,
    })
    .from(prices)
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .leftJoin(gyms, eq(gyms.id, prices.gymId))
    .where(and(eq(prices.organisationId, caller.organisationId), where))
    .orderBy(asc(offerings.name), asc(prices.amount), asc(prices.id))
  const reach = await offeringGymIds(c, [...new Set(rows.map((row) => row.price.offeringId))])
  const visible = rows.filter((row) =>
    canSeeOffering(caller, {
      allGymsAccess: row.allGymsAccess,
      gymIds: reach.get(row.price.offeringId) ?? [],
    }),
  )
  const ids = visible.map((row) => row.price.id)
  if (ids.length === 0) return []
  const counts = await db
    .select({ priceId: subscriptions.priceId, count: count() })
    .from(subscriptions)
    .where(inArray(subscriptions.priceId, ids))
    .groupBy(subscriptions.priceId)
  const links = await db
    .select()
    .from(privatePriceLinks)
    .where(inArray(privatePriceLinks.priceId, ids))
    .orderBy(desc(privatePriceLinks.createdAt), desc(privatePriceLinks.id))
  const firstGymUuid = await offeringFirstGymUuids(c, [
    ...new Set(visible.map((row) => row.price.offeringId)),
  ])
  return visible.map(({ price, offeringName, gymName, gymUuid }) => ({
    id: price.id,
    offering_id: price.offeringId,
    offering_name: offeringName,
    gym: price.gymId !== null && gymName !== null ? { id: price.gymId, name: gymName } : null,
    amount: price.amount,
    billing_frequency: price.billingFrequency,
    joining_fee: price.joiningFee,
    private: price.private,
    term_amount: price.termAmount,
    term_unit: price.termUnit,
    is_term_membership: price.termAmount !== null,
    formatted_term: formatTerm(price.termAmount, price.termUnit),
    total_value: termTotalValue(price),
    grouping_unique_identifier: price.groupingUniqueIdentifier,
    subscriptions_count: counts.find((entry) => entry.priceId === price.id)?.count ?? 0,
    archived_at: iso(price.archivedAt),
    private_links: links
      .filter((link) => link.priceId === price.id)
      .map((link) => privateLinkResource(link, gymUuid ?? firstGymUuid.get(price.offeringId) ?? null)),
  }))
}

/**
 * What a term commits a member to: the price times the billing periods in the term, counted from a
 * fixed first day so the figure doesn't change with the day it is asked (a 12-month monthly term is 12
 * payments, a 6-month weekly one 26).
 */
function termTotalValue(price: typeof prices.$inferSelect): number | null {
  if (price.termAmount === null || price.termUnit === null) return null
  if (!isRecurringFrequency(price.billingFrequency)) return price.amount
  const anchor = '2026-01-05'
  const end = termEndDate({ startDate: anchor, termAmount: price.termAmount, termUnit: price.termUnit })
  const periods = billingPeriodsBetween({
    anchor,
    frequency: price.billingFrequency,
    until: addDays(end, -1),
  })
  return periods.length * price.amount
}

type PrivateLinkRow = typeof privatePriceLinks.$inferSelect

/** The join-site address a link opens: the gym (when the price has one) and the link's token. */
function privateLinkResource(link: PrivateLinkRow, gymUuid: string | null) {
  const query = new URLSearchParams({ ...(gymUuid ? { gym: gymUuid } : {}), link: link.token })
  return {
    id: link.id,
    url: publicSiteUrl('join', `/?${query}`),
    age_bypass: link.ageBypass,
    created_at: link.createdAt.toISOString(),
    expires_at: iso(link.expiresAt),
    used_at: iso(link.usedAt),
  }
}

/** An offering sold at exactly one gym opens the join site at that gym. */
async function offeringFirstGymUuids(
  c: Context<ApiEnv>,
  offeringIds: number[],
): Promise<Map<number, string>> {
  const byOffering = new Map<number, string>()
  if (offeringIds.length === 0) return byOffering
  const rows = await c.var.database.db
    .select({ offeringId: offeringGyms.offeringId, uuid: gyms.uuid })
    .from(offeringGyms)
    .innerJoin(gyms, eq(gyms.id, offeringGyms.gymId))
    .where(inArray(offeringGyms.offeringId, offeringIds))
  const counts = new Map<number, number>()
  for (const row of rows) counts.set(row.offeringId, (counts.get(row.offeringId) ?? 0) + 1)
  for (const row of rows) if (counts.get(row.offeringId) === 1) byOffering.set(row.offeringId, row.uuid)
  return byOffering
}

async function priceGymUuid(c: Context<ApiEnv>, priceId: number): Promise<string | null> {
  const [row] = await c.var.database.db
    .select({ offeringId: prices.offeringId, gymUuid: gyms.uuid })
    .from(prices)
    .leftJoin(gyms, eq(gyms.id, prices.gymId))
    .where(eq(prices.id, priceId))
  if (!row) return null
  return row.gymUuid ?? (await offeringFirstGymUuids(c, [row.offeringId])).get(row.offeringId) ?? null
}

/**
 * A membership that still holds: not cancelled, or cancelled and running to the end of its paid period;
 * memberships still being assembled at sign-up don't count.
 */
function currentMembership(today: string): SQL {
  return sql`(${subscriptions.isStaging} = false and (${subscriptions.cancelledAt} is null or ${subscriptions.currentPeriodEnd} > ${today}))`
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`)
}
