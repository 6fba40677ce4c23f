import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { requireOrganisationAdmin, requireOwnOrganisation, requireStaff } from '~/access/caller.server'
import { organisationRoutes as routes } from '~/contracts/api/organisations.routes'
import type {
  gracePeriodRequestSchema,
  offeringPermissionsRequestSchema,
  organisationNameRequestSchema,
  priceFrequenciesRequestSchema,
  priceRiseNoticeRequestSchema,
  selfServiceRequestSchema,
  taxDetailsRequestSchema,
  termGracePeriodRequestSchema,
} from '~/contracts/organisation'
import type { z } from '~/lib/validation'
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
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toJoinLinkResource } from '../resources/join-link'
import { toAgeBypassLinkResource, toOrganisationResource } from '../resources/organisation'
import { answerWebhookEventPage } from './webhooks'

/** A settings form's body, as its contract parses it. */
type Body<Schema extends z.ZodType> = z.output<Schema>
type SettingsChange = Omit<UpdateOrganisationSettingsInput, 'organisationId'>

export function registerOrganisationRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    // Staff creating offerings and prices need the permissions and frequencies they may use (ADR 013).
    const caller = await requireStaff(actorOf(c))
    requireOwnOrganisation(caller, c.req.valid('param').id)
    const row = await findOrganisation({ db: c.var.database.db, organisationId: caller.organisationId })
    return c.json({ data: toOrganisationResource(row) }, 200)
  })

  // Each setting's form changes only its own fields: the body, as the service names them.
  const setting =
    <Body>(toChange: (body: Body) => SettingsChange) =>
    async (c: Context<ApiEnv, string, { out: { param: { id: number }; json: Body } }>) => {
      const organisationId = c.req.valid('param').id
      await requireOrganisationAdmin(actorOf(c), organisationId)
      const change = { ...toChange(c.req.valid('json')), organisationId }
      const row = await updateOrganisationSettings({ ...change, db: c.var.database.db, now: c.var.now })
      return c.json({ data: toOrganisationResource(row) }, 200)
    }
  const period = <Unit>(value: number, unit: Unit) => ({ value, unit })

  api.openapi(
    routes.name,
    setting(({ name }: Body<typeof organisationNameRequestSchema>) => ({ name })),
  )
  api.openapi(
    routes.taxDetails,
    setting((body: Body<typeof taxDetailsRequestSchema>) => ({
      taxDetails: { legalName: body.legal_name || null, gstNumber: body.gst_number || null },
    })),
  )
  api.openapi(
    routes.gracePeriod,
    setting((body: Body<typeof gracePeriodRequestSchema>) => ({
      failedPaymentGracePeriod: period(
        body.failed_payment_grace_period,
        body.failed_payment_grace_period_unit,
      ),
    })),
  )
  api.openapi(
    routes.termGracePeriod,
    setting((body: Body<typeof termGracePeriodRequestSchema>) => ({
      termMembershipGracePeriod: period(
        body.term_membership_grace_period,
        body.term_membership_grace_period_unit,
      ),
    })),
  )
  api.openapi(
    routes.priceRiseNotice,
    setting((body: Body<typeof priceRiseNoticeRequestSchema>) => ({
      priceRiseNoticeDays: body.price_rise_notice_days,
    })),
  )
  api.openapi(
    routes.offeringPermissions,
    setting((body: Body<typeof offeringPermissionsRequestSchema>) => ({
      offeringPermissions: {
        enableOfferings: body.enable_offerings,
        nonStop: body.non_stop,
        limitedAccess: body.limited_access,
      },
    })),
  )
  api.openapi(
    routes.selfService,
    setting((body: Body<typeof selfServiceRequestSchema>) => ({
      selfService: {
        membersMayPauseOnline: body.members_may_pause_online,
        membersMayCancelOnline: body.members_may_cancel_online,
      },
    })),
  )
  api.openapi(
    routes.priceFrequencies,
    setting((body: Body<typeof priceFrequenciesRequestSchema>) => ({
      priceFrequencies: body.price_frequencies,
    })),
  )

  api.openapi(routes.akahuWebhooks, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const query = c.req.valid('query')
    return answerWebhookEventPage(c, {
      organisationId: caller.organisationId,
      provider: 'akahu',
      page: query.page,
      perPage: query.per_page,
    })
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
