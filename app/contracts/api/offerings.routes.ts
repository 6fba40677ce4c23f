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
import { dataEnvelope, messageSchema, paginatedEnvelope } from './envelope'
import { createRoute, idParams, jsonBody, jsonResponse, messageResponse, staffErrors } from './openapi'

/** Offerings: what a gym sells (SPEC §7, ADR 013). Each endpoint is declared once, here. */
const tags = ['Offerings']
const errors = { ...staffErrors, 409: jsonResponse('Refused: memberships depend on it', messageSchema) }

export const offeringRoutes = {
  gymList: createRoute({
    method: 'get',
    path: '/gyms/{gym_id}/offerings',
    tags,
    summary: 'Offerings available at a gym, with price and membership counts',
    request: { params: z.object({ gym_id: recordIdParam }), query: offeringListQuerySchema },
    responses: {
      200: jsonResponse('A page of offerings', paginatedEnvelope(offeringSummarySchema)),
      ...errors,
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/offerings',
    tags,
    summary: 'Offerings of the caller’s gyms (the whole organisation for its admins)',
    request: { query: offeringListQuerySchema },
    responses: {
      200: jsonResponse('A page of offerings', paginatedEnvelope(offeringSummarySchema)),
      ...errors,
    },
  }),
  show: createRoute({
    method: 'get',
    path: '/offerings/{id}',
    tags,
    summary: 'An offering with its hours, gyms and prices',
    request: { params: idParams },
    responses: { 200: jsonResponse('The offering', dataEnvelope(offeringSchema)), ...errors },
  }),
  create: createRoute({
    method: 'post',
    path: '/offerings',
    tags,
    summary: 'Create an offering with its hours, gyms and prices',
    request: jsonBody(createOfferingRequestSchema),
    responses: { 201: jsonResponse('The offering', dataEnvelope(offeringSchema)), ...errors },
  }),
  update: createRoute({
    method: 'put',
    path: '/offerings/{id}',
    tags,
    summary: 'Change an offering’s name, description, opening hours and gyms',
    request: { params: idParams, ...jsonBody(updateOfferingRequestSchema) },
    responses: { 200: jsonResponse('The offering', dataEnvelope(offeringSchema)), ...errors },
  }),
  restore: createRoute({
    method: 'post',
    path: '/offerings/{id}/restore',
    tags,
    summary: 'Put an archived offering back on sale',
    request: { params: idParams },
    responses: { 200: messageResponse, ...errors },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/offerings/{id}',
    tags,
    summary: 'Delete an offering no membership was ever taken on (else 409: archive it)',
    request: { params: idParams },
    responses: { 200: messageResponse, ...errors },
  }),
  archive: createRoute({
    method: 'delete',
    path: '/offerings/{id}/archive',
    tags,
    summary: 'Take an offering off sale; memberships on it carry on',
    request: { params: idParams },
    responses: { 200: messageResponse, ...errors },
  }),
  prices: createRoute({
    method: 'get',
    path: '/offerings/{id}/prices',
    tags: ['Prices'],
    summary: 'Prices of an offering, archived ones included',
    request: { params: idParams },
    responses: { 200: jsonResponse('Prices', dataEnvelope(z.array(priceSchema))), ...errors },
  }),
  uniqueMemberships: createRoute({
    method: 'get',
    path: '/gyms/{gym}/offerings/{offering}/unique-memberships',
    tags,
    summary: 'How many different members hold (or held) the offering at a gym',
    request: { params: z.object({ gym: recordIdParam, offering: recordIdParam }) },
    responses: { 200: jsonResponse('Counts', dataEnvelope(uniqueMembershipsSchema)), ...errors },
  }),
}
