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
  selfServiceRequestSchema,
  taxDetailsRequestSchema,
  termGracePeriodRequestSchema,
} from '~/contracts/organisation'
import { z } from '~/lib/validation'
import { pageQuerySchema } from './envelope'
import { dataResponse, idParams, jsonBody, pageResponse, routeGroup, staffErrors } from './openapi'

const { route } = routeGroup(['Organisation'], staffErrors)
const registration = routeGroup(['Registration'], { 404: staffErrors[404] })
const organisationResponse = dataResponse('The organisation', organisationSchema)

const put = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  route('put', path, {
    summary,
    request: { params: idParams, ...jsonBody(body) },
    responses: { 200: organisationResponse },
  })

export const organisationRoutes = {
  show: route('get', '/organisations/{id}', {
    summary: 'The organisation and its settings (any of its staff; only its admins change them)',
    request: { params: idParams },
    responses: { 200: organisationResponse },
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
  selfService: put(
    '/organisations/{id}/self-service',
    'Whether members may pause and cancel their own membership online',
    selfServiceRequestSchema,
  ),
  priceFrequencies: put(
    '/organisations/{id}/price-frequencies',
    'Which billing frequencies prices may have',
    priceFrequenciesRequestSchema,
  ),
  akahuWebhooks: route('get', '/organisations/{id}/akahu-webhooks', {
    summary: 'Webhooks received from Akahu for the organisation, newest first',
    request: { params: idParams, query: pageQuerySchema },
    responses: { 200: pageResponse('A page of webhooks', akahuWebhookSchema) },
  }),
  ageBypassLinks: route('get', '/organisations/{id}/age-bypass-links', {
    summary: 'Age-bypass links made so far, newest first',
    request: { params: idParams },
    responses: { 200: dataResponse('Links', z.array(ageBypassLinkSchema)) },
  }),
  createAgeBypassLink: route('post', '/organisations/{id}/age-bypass-links', {
    summary: 'A single-use join link that lets one applicant under the minimum age sign up',
    request: { params: idParams },
    responses: { 201: dataResponse('The link', ageBypassLinkSchema) },
  }),
  joinLink: registration.route('get', '/join-links/{token}', {
    summary: 'What a private price or age-bypass link offers (no sign-in: the token is the secret)',
    request: { params: z.object({ token: z.string().max(100) }) },
    responses: { 200: dataResponse('The link', joinLinkSchema) },
  }),
}
