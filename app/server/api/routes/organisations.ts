import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { requireOrganisationAdmin, requireOwnOrganisation, requireStaff } from '~/access/caller.server'
import { paginate } from '~/contracts/api/envelope'
import { organisationRoutes as routes } from '~/contracts/api/organisations.routes'
import { findJoinPageLink } from '~/server/services/join-links/find-usable-join-link.server'
import { createAgeBypassLink } from '~/server/services/organisations/create-age-bypass-link.server'
import {
  findAgeBypassLinks,
  findOrganisation,
} from '~/server/services/organisations/find-organisation.server'
import {
  type UpdateOrganisationSettingsInput,
  updateOrganisationSettings,
} from '~/server/services/organisations/update-organisation-settings.server'
import { findWebhookEventPage } from '~/server/services/webhooks/find-webhook-events.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toJoinLinkResource } from '../resources/join-link'
import {
  toAgeBypassLinkResource,
  toOrganisationResource,
  toWebhookEventResource,
} from '../resources/organisation'

export function registerOrganisationRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    // Staff creating offerings and prices need the permissions and frequencies they may use (ADR 013).
    const caller = await requireStaff(actorOf(c))
    requireOwnOrganisation(caller, c.req.valid('param').id)
    const row = await findOrganisation({ db: c.var.database.db, organisationId: caller.organisationId })
    return c.json({ data: toOrganisationResource(row) }, 200)
  })

  const update = async (
    c: Context<ApiEnv>,
    organisationId: number,
    change: UpdateOrganisationSettingsInput,
  ) => {
    await requireOrganisationAdmin(actorOf(c), organisationId)
    const row = await updateOrganisationSettings({ ...change, db: c.var.database.db, now: c.var.now })
    return { data: toOrganisationResource(row) }
  }

  api.openapi(routes.name, async (c) => {
    const id = c.req.valid('param').id
    return c.json(await update(c, id, { organisationId: id, name: c.req.valid('json').name }), 200)
  })

  api.openapi(routes.taxDetails, async (c) => {
    const id = c.req.valid('param').id
    const body = c.req.valid('json')
    const taxDetails = { legalName: body.legal_name || null, gstNumber: body.gst_number || null }
    return c.json(await update(c, id, { organisationId: id, taxDetails }), 200)
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

  api.openapi(routes.priceRiseNotice, async (c) => {
    const id = c.req.valid('param').id
    const priceRiseNoticeDays = c.req.valid('json').price_rise_notice_days
    return c.json(await update(c, id, { organisationId: id, priceRiseNoticeDays }), 200)
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
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const query = c.req.valid('query')
    const page = await findWebhookEventPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      provider: 'akahu',
      page: query.page,
      perPage: query.per_page,
    })
    const rows = page.rows.map(toWebhookEventResource)
    return c.json(paginate({ ...page, rows, page: query.page, perPage: query.per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.ageBypassLinks, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const rows = await findAgeBypassLinks({ db: c.var.database.db, organisationId: caller.organisationId })
    return c.json({ data: rows.map(toAgeBypassLinkResource) }, 200)
  })

  api.openapi(routes.createAgeBypassLink, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const link = await createAgeBypassLink({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      createdByUserId: caller.user.id,
    })
    return c.json({ data: toAgeBypassLinkResource(link) }, 201)
  })

  api.openapi(routes.joinLink, async (c) => {
    const { token } = c.req.valid('param')
    const link = await findJoinPageLink({ db: c.var.database.db, now: c.var.now, token })
    return c.json({ data: toJoinLinkResource(link) }, 200)
  })
}
