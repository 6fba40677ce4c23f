import { webhookEventSchema } from '~/contracts/webhooks'
import { dataResponse, idParams, routeGroup, staffErrors } from './openapi'

/**
 * Browser tests only (`TEST_SUPPORT_ROUTES=true`, set by playwright.config.ts; never in a deployment):
 * the data a test needs that no screen or provider makes on the sandboxes, made as the demo seed makes
 * it, so the test can run again and again against the same server and data.
 */
const { route } = routeGroup(['Test support'], staffErrors)

export const testSupportRoutes = {
  failedWebhookEvent: route('post', '/organisations/{id}/test-support/failed-webhook-events', {
    summary: 'A Stripe event whose processing failed, as the demo has one (organisation admins)',
    request: { params: idParams },
    responses: { 201: dataResponse('The event', webhookEventSchema) },
  }),
}
