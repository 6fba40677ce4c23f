import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  ageBypassLinks,
  gyms,
  offerings,
  organisations,
  prices,
  privatePriceLinks,
  webhookEvents,
} from '~/db/schema'
import {
  ageBypassLinkSchema,
  akahuWebhookSchema,
  gracePeriodRequestSchema,
  joinLinkSchema,
  offeringPermissionsRequestSchema,
  organisationNameRequestSchema,
  organisationSchema,
  priceFrequenciesRequestSchema,
  termGracePeriodRequestSchema,
} from '~/features/catalogue/contract'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { joinLinkGoneMessage } from '~/server/services/auth/apply-join-link.server'
import { createAgeBypassLink } from '~/server/services/organisations/create-age-bypass-link.server'
import {
  type OrganisationRow,
  type UpdateOrganisationSettingsInput,
  updateOrganisationSettings,
} from '~/server/services/organisations/update-organisation-settings.server'
import { requireStaff } from '../authorise'
import { requireOrganisationAdmin } from '../catalogue-access'
import type { ApiEnv } from '../context'
import { dataEnvelope, messageSchema, pageQuerySchema, paginate, paginatedEnvelope } from '../envelope'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'
import { publicSiteUrl } from '../request-info'

const tags = ['Organisation']
const idParam = z.object({ id: z.coerce.number().int().positive() })
const errors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('Not found (or another organisation’s)', messageSchema),
  422: errorResponses[422],
}
const organisationResponse = jsonResponse('The organisation', dataEnvelope(organisationSchema))

const put = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  createRoute({
    method: 'put',
    path,
    tags,
    summary,
    request: { params: idParam, ...jsonBody(body) },
    responses: { 200: organisationResponse, ...errors },
  })

const routes = {
  show: createRoute({
    method: 'get',
    path: '/organisations/{id}',
    tags,
    summary: 'The organisation and its settings (any of its staff; only its admins change them)',
    request: { params: idParam },
    responses: { 200: organisationResponse, ...errors },
  }),
  name: put('/organisations/{id}', 'Rename the organisation', organisationNameRequestSchema),
  gracePeriod: put(
    '/organisations/{id}/grace-period',
    'How long a member with a failed payment keeps access before the membership is cancelled',
    gracePeriodRequestSchema,
  ),
  termGracePeriod: put(
    '/organisations/{id}/term-membership-grace-period',
    'How long after a term ends before the membership moves to its ongoing price',
    termGracePeriodRequestSchema,
  ),
  offeringPermissions: put(
    '/organisations/{id}/offering-permissions',
    'Which offering types the organisation sells',
    offeringPermissionsRequestSchema,
  ),
  priceFrequencies: put(
    '/organisations/{id}/price-frequencies',
    'Which billing frequencies prices may have',
    priceFrequenciesRequestSchema,
  ),
  akahuWebhooks: createRoute({
    method: 'get',
    path: '/organisations/{id}/akahu-webhooks',
    tags,
    summary: 'Webhooks received from Akahu for the organisation, newest first',
    request: { params: idParam, query: pageQuerySchema },
    responses: { 200: jsonResponse('A page of webhooks', paginatedEnvelope(akahuWebhookSchema)), ...errors },
  }),
  ageBypassLinks: createRoute({
    method: 'get',
    path: '/organisations/{id}/age-bypass-links',
    tags,
    summary: 'Age-bypass links made so far, newest first',
    request: { params: idParam },
    responses: { 200: jsonResponse('Links', dataEnvelope(z.array(ageBypassLinkSchema))), ...errors },
  }),
  createAgeBypassLink: createRoute({
    method: 'post',
    path: '/organisations/{id}/age-bypass-links',
    tags,
    summary: 'A single-use join link that lets one applicant under the minimum age sign up',
    request: { params: idParam },
    responses: { 201: jsonResponse('The link', dataEnvelope(ageBypassLinkSchema)), ...errors },
  }),
  joinLink: createRoute({
    method: 'get',
    path: '/join-links/{token}',
    tags: ['Registration'],
    summary: 'What a private price or age-bypass link offers (no sign-in: the token is the secret)',
    request: { params: z.object({ token: z.string().min(20).max(100) }) },
    responses: { 200: jsonResponse('The link', dataEnvelope(joinLinkSchema)), 404: errors[404] },
  }),
}

export function registerOrganisationRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    // Staff creating offerings and prices need the permissions and frequencies they may use (ADR 013).
    const caller = await requireStaff(c)
    if (caller.organisationId !== c.req.valid('param').id)
      throw new AppError('NOT_FOUND', 'Organisation not found.')
    const [row] = await c.var.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, caller.organisationId))
    if (!row) throw new AppError('NOT_FOUND', 'Organisation not found.')
    return c.json({ data: organisationResource(row) }, 200)
  })

  const update = async (
    c: Context<ApiEnv>,
    organisationId: number,
    change: UpdateOrganisationSettingsInput,
  ) => {
    await requireOrganisationAdmin(c, organisationId)
    const row = await updateOrganisationSettings({ ...change, db: c.var.database.db, now: c.var.now })
    return { data: organisationResource(row) }
  }

  api.openapi(routes.name, async (c) => {
    const id = c.req.valid('param').id
    return c.json(await update(c, id, { organisationId: id, name: c.req.valid('json').name }), 200)
  })

  api.openapi(routes.gracePeriod, async (c) => {
    const id = c.req.valid('param').id
    const body = c.req.valid('json')
    const failedPaymentGracePeriod = {
      value: body.failed_payment_grace_period,
      unit: body.failed_payment_grace_period_unit,
    }
    return c.json(await update(c, id, { organisationId: id, failedPaymentGracePeriod }), 200)
  })

  api.openapi(routes.termGracePeriod, async (c) => {
    const id = c.req.valid('param').id
    const body = c.req.valid('json')
    const termMembershipGracePeriod = {
      value: body.term_membership_grace_period,
      unit: body.term_membership_grace_period_unit,
    }
    return c.json(await update(c, id, { organisationId: id, termMembershipGracePeriod }), 200)
  })

  api.openapi(routes.offeringPermissions, async (c) => {
    const id = c.req.valid('param').id
    const body = c.req.valid('json')
    const offeringPermissions = {
      enableOfferings: body.enable_offerings,
      nonStop: body.non_stop,
      limitedAccess: body.limited_access,
    }
    return c.json(await update(c, id, { organisationId: id, offeringPermissions }), 200)
  })

  api.openapi(routes.priceFrequencies, async (c) => {
    const id = c.req.valid('param').id
    const priceFrequencies = c.req.valid('json').price_frequencies
    return c.json(await update(c, id, { organisationId: id, priceFrequencies }), 200)
  })

  api.openapi(routes.akahuWebhooks, async (c) => {
    const caller = await requireOrganisationAdmin(c, c.req.valid('param').id)
    const query = c.req.valid('query')
    const db = c.var.database.db
    const where = and(
      eq(webhookEvents.organisationId, caller.organisationId),
      eq(webhookEvents.provider, 'akahu'),
    )
    const [total] = await db.select({ count: count() }).from(webhookEvents).where(where)
    const rows = await db
      .select()
      .from(webhookEvents)
      .where(where)
      .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
    const data = rows.map((row) => ({
      id: row.id,
      event_id: row.eventId,
      type: row.type,
      received_at: row.receivedAt.toISOString(),
      processed_at: row.processedAt?.toISOString() ?? null,
      error: row.error,
      payload: row.payload,
    }))
    return c.json(
      paginate({
        rows: data,
        total: total?.count ?? 0,
        page: query.page,
        perPage: query.per_page,
        url: c.req.url,
      }),
      200,
    )
  })

  api.openapi(routes.ageBypassLinks, async (c) => {
    const caller = await requireOrganisationAdmin(c, c.req.valid('param').id)
    const rows = await c.var.database.db
      .select()
      .from(ageBypassLinks)
      .where(eq(ageBypassLinks.organisationId, caller.organisationId))
      .orderBy(desc(ageBypassLinks.createdAt), desc(ageBypassLinks.id))
      .limit(50)
    return c.json({ data: rows.map(ageBypassLinkResource) }, 200)
  })

  api.openapi(routes.createAgeBypassLink, async (c) => {
    const caller = await requireOrganisationAdmin(c, c.req.valid('param').id)
    const link = await createAgeBypassLink({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      createdByUserId: caller.user.id,
    })
    return c.json({ data: ageBypassLinkResource(link) }, 201)
  })

  api.openapi(routes.joinLink, async (c) => {
    const link = await findJoinLink(c, c.req.valid('param').token)
    if (!link) throw new AppError('NOT_FOUND', joinLinkGoneMessage)
    return c.json({ data: link }, 200)
  })
}

/**
 * What a join link offers, if it still works: a private price link while its price and offering are on
 * sale and it hasn't expired (and, when it waives the age check, hasn't been used); an age-bypass link
 * until it is used (ADR 013).
 */
export async function findJoinLink(
  c: Context<ApiEnv>,
  token: string,
): Promise<z.infer<typeof joinLinkSchema> | null> {
  const db = c.var.database.db
  const now = c.var.now
  const [priceLink] = await db
    .select({
      ageBypass: privatePriceLinks.ageBypass,
      priceId: prices.id,
      amount: prices.amount,
      billingFrequency: prices.billingFrequency,
      joiningFee: prices.joiningFee,
      offeringName: offerings.name,
      organisationName: organisations.name,
      gymUuid: gyms.uuid,
      gymName: gyms.name,
    })
    .from(privatePriceLinks)
    .innerJoin(prices, eq(prices.id, privatePriceLinks.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(organisations, eq(organisations.id, privatePriceLinks.organisationId))
    .leftJoin(gyms, eq(gyms.id, prices.gymId))
    .where(
      and(
        eq(privatePriceLinks.token, token),
        isNull(prices.archivedAt),
        isNull(offerings.archivedAt),
        or(isNull(privatePriceLinks.expiresAt), gt(privatePriceLinks.expiresAt, now)),
        or(eq(privatePriceLinks.ageBypass, false), isNull(privatePriceLinks.usedAt)),
      ),
    )
  if (priceLink) {
    return {
      organisation_name: priceLink.organisationName,
      age_bypass: priceLink.ageBypass,
      gym:
        priceLink.gymUuid && priceLink.gymName ? { uuid: priceLink.gymUuid, name: priceLink.gymName } : null,
      price: {
        id: priceLink.priceId,
        offering_name: priceLink.offeringName,
        amount: priceLink.amount,
        billing_frequency: priceLink.billingFrequency,
        joining_fee: priceLink.joiningFee,
      },
    }
  }
  const [bypass] = await db
    .select({ organisationName: organisations.name })
    .from(ageBypassLinks)
    .innerJoin(organisations, eq(organisations.id, ageBypassLinks.organisationId))
    .where(
      and(
        eq(ageBypassLinks.token, token),
        isNull(ageBypassLinks.usedAt),
        or(isNull(ageBypassLinks.expiresAt), gt(ageBypassLinks.expiresAt, now)),
      ),
    )
  if (!bypass) return null
  return { organisation_name: bypass.organisationName, age_bypass: true, gym: null, price: null }
}

function organisationResource(row: OrganisationRow) {
  return {
    id: row.id,
    name: row.name,
    multi_gym: row.multiGym,
    offering_permissions: {
      enable_offerings: row.enableOfferings,
      non_stop: row.nonStop,
      limited_access: row.limitedAccess,
    },
    price_frequencies: row.priceFrequencies,
    failed_payment_grace_period: row.failedPaymentGracePeriod,
    failed_payment_grace_period_unit: row.failedPaymentGracePeriodUnit,
    term_membership_grace_period: row.termMembershipGracePeriod,
    term_membership_grace_period_unit: row.termMembershipGracePeriodUnit,
  }
}

function ageBypassLinkResource(link: typeof ageBypassLinks.$inferSelect) {
  return {
    id: link.id,
    url: publicSiteUrl('join', `/?${new URLSearchParams({ link: link.token })}`),
    created_at: link.createdAt.toISOString(),
    used_at: link.usedAt?.toISOString() ?? null,
  }
}
