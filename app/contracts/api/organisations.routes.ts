import { joinLinkSchema } from '~/contracts/catalogue'
import {
  ageBypassLinkSchema,
  akahuWebhookSchema,
  gracePeriodRequestSchema,
  offeringPermissionsRequestSchema,
  organisationNameRequestSchema,
  organisationSchema,
  priceFrequenciesRequestSchema,
  priceRiseNoticeRequestSchema,
  taxDetailsRequestSchema,
  termGracePeriodRequestSchema,
} from '~/contracts/organisation'
import { z } from '~/lib/validation'
import { dataEnvelope, messageSchema, pageQuerySchema, paginatedEnvelope } from './envelope'
import { createRoute, errorResponses, idParams, jsonBody, jsonResponse } from './openapi'

const tags = ['Organisation']
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
    request: { params: idParams, ...jsonBody(body) },
    responses: { 200: organisationResponse, ...errors },
  })

export const organisationRoutes = {
  show: createRoute({
    method: 'get',
    path: '/organisations/{id}',
    tags,
    summary: 'The organisation and its settings (any of its staff; only its admins change them)',
    request: { params: idParams },
    responses: { 200: organisationResponse, ...errors },
  }),
  name: put('/organisations/{id}', 'Rename the organisation', organisationNameRequestSchema),
  taxDetails: put(
    '/organisations/{id}/tax-details',
    'The legal name and GST number printed on members’ receipts',
    taxDetailsRequestSchema,
  ),
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
  priceRiseNotice: put(
    '/organisations/{id}/price-rise-notice',
    'How many days of notice a member gets before their price rises (a cut needs none)',
    priceRiseNoticeRequestSchema,
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
    request: { params: idParams, query: pageQuerySchema },
    responses: { 200: jsonResponse('A page of webhooks', paginatedEnvelope(akahuWebhookSchema)), ...errors },
  }),
  ageBypassLinks: createRoute({
    method: 'get',
    path: '/organisations/{id}/age-bypass-links',
    tags,
    summary: 'Age-bypass links made so far, newest first',
    request: { params: idParams },
    responses: { 200: jsonResponse('Links', dataEnvelope(z.array(ageBypassLinkSchema))), ...errors },
  }),
  createAgeBypassLink: createRoute({
    method: 'post',
    path: '/organisations/{id}/age-bypass-links',
    tags,
    summary: 'A single-use join link that lets one applicant under the minimum age sign up',
    request: { params: idParams },
    responses: { 201: jsonResponse('The link', dataEnvelope(ageBypassLinkSchema)), ...errors },
  }),
  joinLink: createRoute({
    method: 'get',
    path: '/join-links/{token}',
    tags: ['Registration'],
    summary: 'What a private price or age-bypass link offers (no sign-in: the token is the secret)',
    request: { params: z.object({ token: z.string().max(100) }) },
    responses: { 200: jsonResponse('The link', dataEnvelope(joinLinkSchema)), 404: errors[404] },
  }),
}
