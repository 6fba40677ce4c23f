import {
  organisationPricesQuerySchema,
  priceInputSchema,
  priceSchema,
  privateLinkRequestSchema,
  privateLinkSchema,
  updatePriceRequestSchema,
} from '~/contracts/catalogue'
import { proRataRequestSchema, proRataSchema } from '~/contracts/subscriptions'
import { z } from '~/lib/validation'
import { messageSchema } from './envelope'
import { dataResponse, idParams, jsonBody, jsonResponse, routeGroup, staffErrors } from './openapi'

/** Prices of offerings, their private links and the pro-rata calculator (SPEC §7, ADR 011, 013). */
const { route, records } = routeGroup(['Prices'], {
  ...staffErrors,
  409: jsonResponse('Refused: memberships depend on it', messageSchema),
})
const billing = routeGroup(['Billing'], staffErrors)
const price = records('/prices', dataResponse('The price', priceSchema))

export const priceRoutes = {
  organisationList: route('get', '/organisations/{id}/prices', {
    summary: 'Every price the caller can see in the organisation',
    request: { params: idParams, query: organisationPricesQuerySchema },
    responses: { 200: dataResponse('Prices', z.array(priceSchema)) },
  }),
  create: route('post', '/offerings/{id}/prices', {
    summary: 'Add a price to an offering',
    request: { params: idParams, ...jsonBody(priceInputSchema) },
    responses: { 201: dataResponse('The price', priceSchema) },
  }),
  update: price.update(
    updatePriceRequestSchema,
    'Edit a price (amount, frequency and term only while no member is on it)',
  ),
  archive: price.archive('Take a price off sale; members on it keep it'),
  restore: price.restore('Put an archived price back on sale'),
  delete: price.delete('Delete a price no membership was ever on (else 409: archive it)'),
  createPrivateLink: route('post', '/prices/{id}/private-links', {
    summary: 'A join-site link offering a private price (optionally also waiving the minimum age)',
    request: { params: idParams, ...jsonBody(privateLinkRequestSchema) },
    responses: { 201: dataResponse('The link', privateLinkSchema) },
  }),
  proRata: billing.route('post', '/prices/{id}/pro-rata', {
    summary: 'The pro-rata amount from a start date to a billing date (ADR 011)',
    request: { params: idParams, ...jsonBody(proRataRequestSchema) },
    responses: { 200: dataResponse('Pro-rata', proRataSchema) },
  }),
}
