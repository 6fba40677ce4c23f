import { webhookEventSchema } from '~/contracts/webhooks'
import { z } from '~/lib/validation'
import { dataResponse, idParams, jsonBody, routeGroup, staffErrors } from './openapi'

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
  secretsAtRest: route('post', '/test-support/secrets-at-rest', {
    summary:
      'Card numbers, provider keys and the codes and tokens sent, wherever they are in the database (browser tests’ last check)',
    request: jsonBody(
      z.object({
        codes: z.array(z.string().max(100)).max(100_000),
        tokens: z.array(z.string().max(1000)).max(100_000),
      }),
    ),
    responses: {
      200: dataResponse(
        'Where each was found, masked',
        z.array(
          z.object({
            table: z.string(),
            column: z.string(),
            kind: z.string(),
            masked: z.string(),
          }),
        ),
      ),
    },
  }),
}
