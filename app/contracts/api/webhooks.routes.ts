import {
  reprocessOnlyFailedMessage,
  webhookEventParamsSchema,
  webhookEventSchema,
  webhookEventsQuerySchema,
  webhookTypesSchema,
} from '~/contracts/webhooks'
import { z } from '~/lib/validation'
import { dataEnvelope, messageSchema, paginatedEnvelope } from './envelope'
import { createRoute, errorResponses, idParams, jsonResponse } from './openapi'

/**
 * Provider webhooks (issue 26 point 5, ADR 040): one receiving endpoint per provider, server to
 * server (no session, no CSRF header: the provider's signature on the raw body is the proof), and the
 * organisation's event log with an admin's Reprocess (point 6).
 */
const tags = ['Webhooks']

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
  createRoute({
    method: 'post',
    path,
    tags,
    summary,
    description,
    responses: { 200: received, 400: refused },
  })

const errors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('Not found (or another organisation’s)', messageSchema),
  422: errorResponses[422],
}

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
  list: createRoute({
    method: 'get',
    path: '/organisations/{id}/webhook-events',
    tags,
    summary: 'The organisation’s provider events, newest first, filtered by provider, type and result',
    request: { params: idParams, query: webhookEventsQuerySchema },
    responses: { 200: jsonResponse('A page of events', paginatedEnvelope(webhookEventSchema)), ...errors },
  }),
  types: createRoute({
    method: 'get',
    path: '/organisations/{id}/webhook-event-types',
    tags,
    summary: 'The event types the organisation has received (for the type filter)',
    request: { params: idParams },
    responses: { 200: jsonResponse('The types', webhookTypesSchema), ...errors },
  }),
  reprocess: createRoute({
    method: 'post',
    path: '/organisations/{id}/webhook-events/{eventId}/reprocess',
    tags,
    summary: 'Processes a failed event again (organisation admins; audited)',
    request: { params: webhookEventParamsSchema },
    responses: {
      200: jsonResponse('The event after processing', dataEnvelope(webhookEventSchema)),
      409: jsonResponse(reprocessOnlyFailedMessage, messageSchema),
      ...errors,
    },
  }),
}
