import { webhookEventSchema } from '~/contracts/webhooks'
import { dataEnvelope } from './envelope'
import { createRoute, idParams, jsonResponse, staffErrors } from './openapi'

/**
 * Browser tests only (`TEST_SUPPORT_ROUTES=true`, set by playwright.config.ts; never in a deployment):
 * the data a test needs that no screen or provider makes on the sandboxes, made as the demo seed makes
 * it, so the test can run again and again against the same server and data.
 */
const tags = ['Test support']

export const testSupportRoutes = {
  failedWebhookEvent: createRoute({
    method: 'post',
    path: '/organisations/{id}/test-support/failed-webhook-events',
    tags,
    summary: 'A Stripe event whose processing failed, as the demo has one (organisation admins)',
    request: { params: idParams },
    responses: { 201: jsonResponse('The event', dataEnvelope(webhookEventSchema)), ...staffErrors },
  }),
}
