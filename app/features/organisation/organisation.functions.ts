import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { organisationRoutes } from '~/contracts/api/organisations.routes'
import {
  gracePeriodRequestSchema,
  offeringPermissionsRequestSchema,
  organisationNameRequestSchema,
  priceFrequenciesRequestSchema,
  priceRiseNoticeRequestSchema,
  selfServiceRequestSchema,
  taxDetailsRequestSchema,
  termGracePeriodRequestSchema,
} from '~/contracts/organisation'
import { toActionResult } from '~/lib/action-result'
import { z } from '~/lib/validation'

/**
 * Server functions of the organisation settings screen: each validates and calls the API (DESIGN §1).
 * Reads throw (the route's error component shows the message); changes answer an ActionResult so
 * forms can place field errors.
 */

const id = z.number().int().positive()

export const fetchOrganisation = createServerFn({ method: 'GET' })
  .validator(z.object({ id }))
  .handler(({ data }) => api().data(organisationRoutes.show, { params: data }))

const settingChanges = z.discriminatedUnion('setting', [
  z.object({ setting: z.literal('name'), body: organisationNameRequestSchema }),
  z.object({ setting: z.literal('tax-details'), body: taxDetailsRequestSchema }),
  z.object({ setting: z.literal('grace-period'), body: gracePeriodRequestSchema }),
  z.object({ setting: z.literal('term-membership-grace-period'), body: termGracePeriodRequestSchema }),
  z.object({ setting: z.literal('price-rise-notice'), body: priceRiseNoticeRequestSchema }),
  z.object({ setting: z.literal('offering-permissions'), body: offeringPermissionsRequestSchema }),
  z.object({ setting: z.literal('price-frequencies'), body: priceFrequenciesRequestSchema }),
  z.object({ setting: z.literal('member-self-service'), body: selfServiceRequestSchema }),
])

export type OrganisationSettingChange = z.input<typeof settingChanges>

export const updateOrganisationSetting = createServerFn({ method: 'POST' })
  .validator(z.intersection(z.object({ id }), settingChanges))
  .handler(({ data }) =>
    toActionResult(() => {
      const params = { id: data.id }
      switch (data.setting) {
        case 'name':
          return api().data(organisationRoutes.name, { params, body: data.body })
        case 'tax-details':
          return api().data(organisationRoutes.taxDetails, { params, body: data.body })
        case 'grace-period':
          return api().data(organisationRoutes.gracePeriod, { params, body: data.body })
        case 'term-membership-grace-period':
          return api().data(organisationRoutes.termGracePeriod, { params, body: data.body })
        case 'price-rise-notice':
          return api().data(organisationRoutes.priceRiseNotice, { params, body: data.body })
        case 'offering-permissions':
          return api().data(organisationRoutes.offeringPermissions, { params, body: data.body })
        case 'price-frequencies':
          return api().data(organisationRoutes.priceFrequencies, { params, body: data.body })
        case 'member-self-service':
          return api().data(organisationRoutes.selfService, { params, body: data.body })
      }
    }),
  )

export const fetchAkahuWebhooks = createServerFn({ method: 'GET' })
  .validator(z.object({ id, page: z.number().int().min(1).optional() }))
  .handler(async ({ data }) => {
    const page = await api().call(organisationRoutes.akahuWebhooks, {
      params: { id: data.id },
      query: { page: data.page, per_page: 10 },
    })
    // The payload is whatever Akahu sent; the screen shows it as formatted JSON text.
    return {
      ...page,
      data: page.data.map((row) => ({ ...row, payload: JSON.stringify(row.payload, null, 2) })),
    }
  })

export const fetchAgeBypassLinks = createServerFn({ method: 'GET' })
  .validator(z.object({ id }))
  .handler(({ data }) => api().data(organisationRoutes.ageBypassLinks, { params: data }))

export const createAgeBypassLink = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) =>
    toActionResult(() => api().data(organisationRoutes.createAgeBypassLink, { params: data })),
  )
