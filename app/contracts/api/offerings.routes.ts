import {
  createOfferingRequestSchema,
  offeringListQuerySchema,
  offeringSchema,
  offeringSummarySchema,
  priceSchema,
  uniqueMembershipsSchema,
  updateOfferingRequestSchema,
} from '~/contracts/catalogue'
import { recordIdParam, z } from '~/lib/validation'
import { messageSchema } from './envelope'
import { dataResponse, idParams, jsonResponse, pageResponse, routeGroup, staffErrors } from './openapi'

/** Offerings: what a gym sells (SPEC §7, ADR 013). Each endpoint is declared once, here. */
const { route, records } = routeGroup(['Offerings'], {
  ...staffErrors,
  409: jsonResponse('Refused: memberships depend on it', messageSchema),
})
const offering = records('/offerings', dataResponse('The offering', offeringSchema))
const offeringPage = pageResponse('A page of offerings', offeringSummarySchema)

export const offeringRoutes = {
  gymList: route('get', '/gyms/{gym_id}/offerings', {
    summary: 'Offerings available at a gym, with price and membership counts',
    request: { params: z.object({ gym_id: recordIdParam }), query: offeringListQuerySchema },
    responses: { 200: offeringPage },
  }),
  list: route('get', '/offerings', {
    summary: 'Offerings of the caller’s gyms (the whole organisation for its admins)',
    request: { query: offeringListQuerySchema },
    responses: { 200: offeringPage },
  }),
  show: offering.show('An offering with its hours, gyms and prices'),
  create: offering.create(createOfferingRequestSchema, 'Create an offering with its hours, gyms and prices'),
  update: offering.update(
    updateOfferingRequestSchema,
    'Change an offering’s name, description, opening hours and gyms',
  ),
  restore: offering.restore('Put an archived offering back on sale'),
  delete: offering.delete('Delete an offering no membership was ever taken on (else 409: archive it)'),
  archive: offering.archive('Take an offering off sale; memberships on it carry on'),
  prices: route('get', '/offerings/{id}/prices', {
    tags: ['Prices'],
    summary: 'Prices of an offering, archived ones included',
    request: { params: idParams },
    responses: { 200: dataResponse('Prices', z.array(priceSchema)) },
  }),
  uniqueMemberships: route('get', '/gyms/{gym}/offerings/{offering}/unique-memberships', {
    summary: 'How many different members hold (or held) the offering at a gym',
    request: { params: z.object({ gym: recordIdParam, offering: recordIdParam }) },
    responses: { 200: dataResponse('Counts', uniqueMembershipsSchema) },
  }),
}
