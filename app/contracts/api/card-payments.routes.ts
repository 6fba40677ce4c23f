import {
  cardPaymentsRedirectSchema,
  sandboxOnboardingRequestSchema,
  sandboxOnboardingSchema,
  stripeExchangeRequestSchema,
  stripeExchangeSchema,
} from '~/contracts/gyms'
import { sandboxCardApprovalRequestSchema, sandboxCardApprovalSchema } from '~/contracts/pay'
import { z } from '~/lib/validation'
import { dataEnvelope, messageSchema } from './envelope'
import {
  dataResponse,
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  routeGroup,
  staffErrors,
} from './openapi'

const gyms = routeGroup(['Gyms'], staffErrors)
/** The sandbox provider's own pages' calls (while no Stripe keys are set): no session. */
const sandbox = routeGroup(['Sandbox providers'], { 422: errorResponses[422] })

/**
 * A gym's card payments (Stripe Connect onboarding, PROVIDERS.md §1.4, issue 17): start, come back,
 * and the sandbox provider's own onboarding page's calls while no Stripe keys are set.
 */
export const cardPaymentRoutes = {
  redirect: gyms.route('post', '/gyms/{id}/stripe/redirect', {
    summary: 'Start (or start again) connecting a gym’s card payments: the provider’s onboarding address',
    description:
      'Organisation admins. No body. Answers a single-use onboarding link (never stored or logged) that ' +
      'returns to `/stripe/callback` with a state for this admin. Also the refresh of a used or expired ' +
      'link. A gym already taking card payments is a 409. Audited.',
    request: { params: idParams },
    responses: {
      200: dataResponse('Where to send the owner', cardPaymentsRedirectSchema),
      409: errorResponses[409],
    },
  }),
  exchange: gyms.route('post', '/stripe/exchange', {
    summary: 'Back from the onboarding: re-read the gym’s account and connect it if its details are in',
    description:
      'The `state` must be one this admin started, unused and under an hour old; it works once (a replay ' +
      'or a forgery is a 422 on `state`). `connected` false: the owner left before submitting.',
    request: jsonBody(stripeExchangeRequestSchema),
    responses: {
      200: jsonResponse(
        'Whether card payments are connected, and the gym',
        dataEnvelope(stripeExchangeSchema).extend({ message: z.string() }),
      ),
    },
  }),
  sandboxOnboarding: sandbox.route('get', '/sandbox/connect-onboarding', {
    summary: 'The sandbox onboarding page’s account, by its single-use link',
    request: { query: z.object({ link: z.string().trim().min(1).max(200) }) },
    responses: {
      200: dataResponse('The account being set up', sandboxOnboardingSchema),
      404: jsonResponse('An unknown, used or expired link', messageSchema),
    },
  }),
  sandboxCardApproval: sandbox.route('post', '/sandbox/card-approvals', {
    summary:
      'The sandbox bank’s check of an on-session card charge (Stripe.js handleNextAction): approved or not',
    description:
      'Only while cards use the sandbox. The client secret is the charge’s, given to the member’s page ' +
      'with the charge. The outcome is sent as the card provider sends it, a `payment_intent.succeeded` or ' +
      '`payment_intent.payment_failed` event through the webhooks pipeline. Answering twice changes nothing.',
    request: jsonBody(sandboxCardApprovalRequestSchema),
    responses: {
      200: dataResponse('How the charge ended', sandboxCardApprovalSchema),
      404: jsonResponse('No charge waits for this secret', messageSchema),
      429: errorResponses[429],
    },
  }),
  sandboxOnboardingFinish: sandbox.route('post', '/sandbox/connect-onboarding', {
    summary: 'The sandbox onboarding page’s Submit or Return: where to send the owner back to',
    request: jsonBody(sandboxOnboardingRequestSchema),
    responses: {
      200: dataResponse('Where to go', z.object({ redirect_to: z.string() })),
      404: jsonResponse('An unknown, used or expired link', messageSchema),
    },
  }),
}
