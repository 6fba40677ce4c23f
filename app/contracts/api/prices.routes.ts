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
import { dataEnvelope, messageSchema } from './envelope'
import { createRoute, idParams, jsonBody, jsonResponse, messageResponse, staffErrors } from './openapi'

/** Prices of offerings, their private links and the pro-rata calculator (SPEC §7, ADR 011, 013). */
const tags = ['Prices']
const errors = { ...staffErrors, 409: jsonResponse('Refused: memberships depend on it', messageSchema) }

export const priceRoutes = {
  organisationList: createRoute({
    method: 'get',
    path: '/organisations/{id}/prices',
    tags,
    summary: 'Every price the caller can see in the organisation',
    request: { params: idParams, query: organisationPricesQuerySchema },
    responses: { 200: jsonResponse('Prices', dataEnvelope(z.array(priceSchema))), ...errors },
  }),
  create: createRoute({
    method: 'post',
    path: '/offerings/{id}/prices',
    tags,
    summary: 'Add a price to an offering',
    request: { params: idParams, ...jsonBody(priceInputSchema) },
    responses: { 201: jsonResponse('The price', dataEnvelope(priceSchema)), ...errors },
  }),
  update: createRoute({
    method: 'put',
    path: '/prices/{id}',
    tags,
    summary: 'Edit a price (amount, frequency and term only while no member is on it)',
    request: { params: idParams, ...jsonBody(updatePriceRequestSchema) },
    responses: { 200: jsonResponse('The price', dataEnvelope(priceSchema)), ...errors },
  }),
  archive: createRoute({
    method: 'delete',
    path: '/prices/{id}/archive',
    tags,
    summary: 'Take a price off sale; members on it keep it',
    request: { params: idParams },
    responses: { 200: messageResponse, ...errors },
  }),
  restore: createRoute({
    method: 'post',
    path: '/prices/{id}/restore',
    tags,
    summary: 'Put an archived price back on sale',
    request: { params: idParams },
    responses: { 200: messageResponse, ...errors },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/prices/{id}',
    tags,
    summary: 'Delete a price no membership was ever on (else 409: archive it)',
    request: { params: idParams },
    responses: { 200: messageResponse, ...errors },
  }),
  createPrivateLink: createRoute({
    method: 'post',
    path: '/prices/{id}/private-links',
    tags,
    summary: 'A join-site link offering a private price (optionally also waiving the minimum age)',
    request: { params: idParams, ...jsonBody(privateLinkRequestSchema) },
    responses: { 201: jsonResponse('The link', dataEnvelope(privateLinkSchema)), ...errors },
  }),
  proRata: createRoute({
    method: 'post',
    path: '/prices/{id}/pro-rata',
    tags: ['Billing'],
    summary: 'The pro-rata amount from a start date to a billing date (ADR 011)',
    request: { params: idParams, ...jsonBody(proRataRequestSchema) },
    responses: { 200: jsonResponse('Pro-rata', dataEnvelope(proRataSchema)), ...staffErrors },
  }),
}
