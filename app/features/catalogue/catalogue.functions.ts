import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { offeringRoutes } from '~/contracts/api/offerings.routes'
import { priceRoutes } from '~/contracts/api/prices.routes'
import {
  createOfferingRequestSchema,
  priceInputSchema,
  updateOfferingRequestSchema,
  updatePriceRequestSchema,
} from '~/contracts/catalogue'
import { toActionResult } from '~/lib/action-result'
import { z } from '~/lib/validation'

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
    api().call(offeringRoutes.gymList, {
      params: { gym_id: data.gym_id },
      query: { archived: data.archived ?? false, page: data.page, search: data.search || undefined },
    }),
  )

export const fetchOffering = createServerFn({ method: 'GET' })
  .validator(z.object({ id }))
  .handler(({ data }) => api().data(offeringRoutes.show, { params: data }))

export const fetchUniqueMemberships = createServerFn({ method: 'GET' })
  .validator(z.object({ gym_id: id, offering_id: id }))
  .handler(({ data }) =>
    api().data(offeringRoutes.uniqueMemberships, {
      params: { gym: data.gym_id, offering: data.offering_id },
    }),
  )

export const createOffering = createServerFn({ method: 'POST' })
  .validator(createOfferingRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(offeringRoutes.create, { body: data })))

export const updateOffering = createServerFn({ method: 'POST' })
  .validator(z.object({ id, offering: updateOfferingRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() => api().data(offeringRoutes.update, { params: { id: data.id }, body: data.offering })),
  )

export const restoreOffering = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) => toActionResult(() => api().call(offeringRoutes.restore, { params: data })))

export const archiveOffering = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) => toActionResult(() => api().call(offeringRoutes.archive, { params: data })))

export const deleteOffering = createServerFn({ method: 'POST' })
  .validator(z.object({ id }))
  .handler(({ data }) => toActionResult(() => api().call(offeringRoutes.delete, { params: data })))

export const createPrice = createServerFn({ method: 'POST' })
  .validator(z.object({ offering_id: id, price: priceInputSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(priceRoutes.create, { params: { id: data.offering_id }, body: data.price }),
    ),
  )

export const updatePrice = createServerFn({ method: 'POST' })
  .validator(z.object({ id, price: updatePriceRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() => api().data(priceRoutes.update, { params: { id: data.id }, body: data.price })),
  )

export const changePriceStatus = createServerFn({ method: 'POST' })
  .validator(z.object({ id, action: z.enum(['archive', 'restore', 'delete']) }))
  .handler(({ data }) =>
    toActionResult(() => {
      if (data.action === 'archive') return api().call(priceRoutes.archive, { params: { id: data.id } })
      if (data.action === 'restore') return api().call(priceRoutes.restore, { params: { id: data.id } })
      return api().call(priceRoutes.delete, { params: { id: data.id } })
    }),
  )

export const createPrivateLink = createServerFn({ method: 'POST' })
  .validator(z.object({ id, age_bypass: z.boolean() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(priceRoutes.createPrivateLink, {
        params: { id: data.id },
        body: { age_bypass: data.age_bypass },
      }),
    ),
  )

export const fetchOrganisationPrices = createServerFn({ method: 'GET' })
  .validator(z.object({ organisation_id: id }))
  .handler(({ data }) => api().data(priceRoutes.organisationList, { params: { id: data.organisation_id } }))

export const fetchProRata = createServerFn({ method: 'POST' })
  .validator(z.object({ price_id: id, start_date: z.iso.date(), billing_date: z.iso.date() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(priceRoutes.proRata, {
        params: { id: data.price_id },
        body: { start_date: data.start_date, billing_date: data.billing_date },
      }),
    ),
  )
