import {
  reprocessOnlyFailedMessage,
  webhookEventParamsSchema,
  webhookEventSchema,
  webhookEventsQuerySchema,
  webhookTypesSchema,
} from '~/contracts/webhooks'
import { z } from '~/lib/validation'
import { messageSchema } from './envelope'
import { dataResponse, idParams, jsonResponse, pageResponse, routeGroup, staffErrors } from './openapi'

/**
 * Provider webhooks (issue 26 point 5, ADR 040): one receiving endpoint per provider, server to
 * server (no session, no CSRF header: the provider's signature on the raw body is the proof), and the
 * organisation's event log with an admin's Reprocess (point 6).
 */
const tags = ['Webhooks']
/** The organisation's event log, for its staff. */
const { route } = routeGroup(tags, staffErrors)
/** The providers' calls: no session, the signature is the proof. */
const receiving = routeGroup(tags, {})

const received = jsonResponse(
  'Stored (or already stored): processed through the job queue',
  z.object({ received: z.literal(true) }),
)
const refused = jsonResponse(
  'The signature is missing, wrong or stale (the attempt is recorded)',
  messageSchema,
)

const receiver = (
  path: '/webhooks/stripe' | '/webhooks/akahu' | '/webhooks/kisi',
  summary: string,
  description: string,
) =>
  receiving.route('post', path, {
    summary,
    description,
    responses: { 200: received, 400: refused },
  })

export const webhookRoutes = {
  stripe: receiver(
    '/webhooks/stripe',
    'Stripe events (Connect endpoint)',
    'Verified with `Stripe-Signature` on the raw body (300 s tolerance); events of connected accounts carry `account`. ' +
      'Deduplicated on the event id.',
  ),
  akahu: receiver(
    '/webhooks/akahu',
    'Akahu events',
    'Verified with `X-Akahu-Signature` and the public key named by `X-Akahu-Signing-Key` (cached 24 h). ' +
      'Deduplicated on the body’s SHA-256 (Akahu bodies carry no event id).',
  ),
  kisi: receiver(
    '/webhooks/kisi',
    'Kisi events',
    'Verified with `X-Signature`, the HMAC-SHA256 of the body with the signing key. Deduplicated on `uuid`.',
  ),
  list: route('get', '/organisations/{id}/webhook-events', {
    summary: 'The organisation’s provider events, newest first, filtered by provider, type and result',
    request: { params: idParams, query: webhookEventsQuerySchema },
    responses: { 200: pageResponse('A page of events', webhookEventSchema) },
  }),
  types: route('get', '/organisations/{id}/webhook-event-types', {
    summary: 'The event types the organisation has received (for the type filter)',
    request: { params: idParams },
    responses: { 200: jsonResponse('The types', webhookTypesSchema) },
  }),
  reprocess: route('post', '/organisations/{id}/webhook-events/{eventId}/reprocess', {
    summary: 'Processes a failed event again (organisation admins; audited)',
    request: { params: webhookEventParamsSchema },
    responses: {
      200: dataResponse('The event after processing', webhookEventSchema),
      409: jsonResponse(reprocessOnlyFailedMessage, messageSchema),
    },
  }),
}
