import { createServerFn } from '@tanstack/react-start'
import { proRataSchema } from '~/features/subscriptions/contract'
import { toActionResult } from '~/lib/action-result'
import { api } from '~/lib/api-client.server'
import { z } from '~/lib/validation'
import {
  ageBypassLinkSchema,
  akahuWebhookSchema,
  createOfferingRequestSchema,
  gracePeriodRequestSchema,
  offeringPermissionsRequestSchema,
  offeringSchema,
  offeringSummarySchema,
  organisationNameRequestSchema,
  organisationSchema,
  priceFrequenciesRequestSchema,
  priceInputSchema,
  priceSchema,
  privateLinkSchema,
  termGracePeriodRequestSchema,
  uniqueMembershipsSchema,
  updatePriceRequestSchema,
} from './contract'

/**
 * Server functions of the catalogue and organisation screens: each validates and calls the API
 * (DESIGN §1). Reads throw (the route's error component shows the message); changes answer an
 * ActionResult so forms can place field errors.
 */

const id = z.number().int().positive()

export const fetchGymOfferings = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      gym_id: id,
      archived: z.boolean().optional(),
      page: z.number().int().min(1).optional(),
      search: z.string().max(120).optional(),
    }),
  )
  .handler(({ data }) =>
    api().list(`/gyms/${data.gym_id}/offerings`, {
      schema: offeringSummarySchema,
      query: {
        archived: data.archived ? 'true' : 'false',
        page: data.page,
        search: data.search || undefined,
      },
    }),
  )

export const fetchOffering = createServerFn({ method: 'GET' })
  .validator(z.object({ id }))
  .handler(({ data }) => api().get(`/offerings/${data.id}`, { schema: offeringSchema }))

export const fetchUniqueMemberships = createServerFn({ method: 'GET' })
  .validator(z.object({ gym_id: id, offering_id: id }))
  .handler(({ data }) =>
    api().get(`/gyms/${data.gym_id}/offerings/${data.offering_id}/unique-memberships`, {
      schema: uniqueMembershipsSchema,
    }),
  )

export const createOffering = createServerFn({ method: 'POST' })
  .validator(createOfferingRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post('/offerings', { schema: offeringSchema, body: data })),
  )

export const archiveOffering = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) => toActionResult(() => api().message('DELETE', `/offerings/${data.id}/archive`)))

export const deleteOffering = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) => toActionResult(() => api().message('DELETE', `/offerings/${data.id}`)))

export const createPrice = createServerFn({ method: 'POST' })
  .validator(z.object({ offering_id: id, price: priceInputSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().post(`/offerings/${data.offering_id}/prices`, { schema: priceSchema, body: data.price }),
    ),
  )

export const updatePrice = createServerFn({ method: 'POST' })
  .validator(z.object({ id, price: updatePriceRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() => api().put(`/prices/${data.id}`, { schema: priceSchema, body: data.price })),
  )

export const changePriceStatus = createServerFn({ method: 'POST' })
  .validator(z.object({ id, action: z.enum(['archive', 'restore', 'delete']) }))
  .handler(({ data }) =>
    toActionResult(() => {
      if (data.action === 'archive') return api().message('DELETE', `/prices/${data.id}/archive`)
      if (data.action === 'restore') return api().message('POST', `/prices/${data.id}/restore`)
      return api().message('DELETE', `/prices/${data.id}`)
    }),
  )

export const createPrivateLink = createServerFn({ method: 'POST' })
  .validator(z.object({ id, age_bypass: z.boolean() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().post(`/prices/${data.id}/private-links`, {
        schema: privateLinkSchema,
        body: { age_bypass: data.age_bypass },
      }),
    ),
  )

export const fetchOrganisationPrices = createServerFn({ method: 'GET' })
  .validator(z.object({ organisation_id: id }))
  .handler(({ data }) =>
    api().get(`/organisations/${data.organisation_id}/prices`, { schema: z.array(priceSchema) }),
  )

export const fetchProRata = createServerFn({ method: 'POST' })
  .validator(z.object({ price_id: id, start_date: z.iso.date(), billing_date: z.iso.date() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().post(`/prices/${data.price_id}/pro-rata`, {
        schema: proRataSchema,
        body: { start_date: data.start_date, billing_date: data.billing_date },
      }),
    ),
  )

/* Organisation settings */

export const fetchOrganisation = createServerFn({ method: 'GET' })
  .validator(z.object({ id }))
  .handler(({ data }) => api().get(`/organisations/${data.id}`, { schema: organisationSchema }))

const settingChanges = z.discriminatedUnion('setting', [
  z.object({ setting: z.literal('name'), body: organisationNameRequestSchema }),
  z.object({ setting: z.literal('grace-period'), body: gracePeriodRequestSchema }),
  z.object({ setting: z.literal('term-membership-grace-period'), body: termGracePeriodRequestSchema }),
  z.object({ setting: z.literal('offering-permissions'), body: offeringPermissionsRequestSchema }),
  z.object({ setting: z.literal('price-frequencies'), body: priceFrequenciesRequestSchema }),
])

export type OrganisationSettingChange = z.input<typeof settingChanges>

export const updateOrganisationSetting = createServerFn({ method: 'POST' })
  .validator(z.intersection(z.object({ id }), settingChanges))
  .handler(({ data }) =>
    toActionResult(() => {
      const path =
        data.setting === 'name' ? `/organisations/${data.id}` : `/organisations/${data.id}/${data.setting}`
      return api().put(path, { schema: organisationSchema, body: data.body })
    }),
  )

export const fetchAkahuWebhooks = createServerFn({ method: 'GET' })
  .validator(z.object({ id, page: z.number().int().min(1).optional() }))
  .handler(async ({ data }) => {
    const page = await api().list(`/organisations/${data.id}/akahu-webhooks`, {
      schema: akahuWebhookSchema,
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
  .handler(({ data }) =>
    api().get(`/organisations/${data.id}/age-bypass-links`, { schema: z.array(ageBypassLinkSchema) }),
  )

export const createAgeBypassLink = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().post(`/organisations/${data.id}/age-bypass-links`, { schema: ageBypassLinkSchema }),
    ),
  )
