import {
  authUrlSchema,
  bankExchangeRequestSchema,
  cardSetupSchema,
  paymentMethodChangeSchema,
  paymentTypeSchema,
  sandboxBankAccountSchema,
  sandboxBankConsentRequestSchema,
  sandboxBankConsentSchema,
  sandboxCardConfirmRequestSchema,
  sandboxCardConfirmSchema,
  saveCardRequestSchema,
  switchPaymentTypeRequestSchema,
} from '~/contracts/join-payment'
import { z } from '~/lib/validation'
import { dataEnvelope } from './envelope'
import {
  createRoute,
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  memberErrors,
  messageResponse,
} from './openapi'

const tags = ['Payment methods']
const paymentTypesResponse = jsonResponse(
  'The member’s payment methods',
  dataEnvelope(z.array(paymentTypeSchema)),
)

/** A member's own payment methods, and saving a card or bank account (SPEC §7; issue 14). */
export const paymentMethodRoutes = {
  list: createRoute({
    method: 'get',
    path: '/me/payment-types',
    tags,
    summary: 'The member’s payment methods, the default marked',
    responses: { 200: paymentTypesResponse, ...memberErrors },
  }),
  change: createRoute({
    method: 'get',
    path: '/me/payment-types/{id}/change',
    tags,
    summary:
      'What paying with this method would mean (amount per period, card surcharge), and whether the member must agree first',
    request: { params: idParams },
    responses: {
      200: jsonResponse('The change', dataEnvelope(paymentMethodChangeSchema)),
      ...memberErrors,
    },
  }),
  switch: createRoute({
    method: 'post',
    path: '/me/payment-types/{id}/switch',
    tags,
    summary:
      'Pay with this method from now on (payments not yet sent move to it); a member who has joined must send agreed: true, and is e-mailed',
    request: {
      params: idParams,
      body: { content: { 'application/json': { schema: switchPaymentTypeRequestSchema } }, required: false },
    },
    responses: { 200: paymentTypesResponse, ...memberErrors },
  }),
  cardSetup: createRoute({
    method: 'post',
    path: '/me/card-setups',
    tags,
    summary: 'Start saving a card: a setup whose client secret the card form confirms (Stripe SetupIntent)',
    responses: { 201: jsonResponse('The setup', dataEnvelope(cardSetupSchema)), ...memberErrors },
  }),
  saveCard: createRoute({
    method: 'post',
    path: '/me/payment-types/card',
    tags,
    summary: 'Keep the card of a confirmed setup (brand, last four, expiry, country) as the default',
    request: jsonBody(saveCardRequestSchema),
    responses: { 201: jsonResponse('The card', dataEnvelope(paymentTypeSchema)), ...memberErrors },
  }),
  authUrl: createRoute({
    method: 'get',
    path: '/akahu/auth-url',
    tags,
    summary: 'Where to send the member to share their bank accounts (open banking consent)',
    responses: { 200: jsonResponse('The address', dataEnvelope(authUrlSchema)), ...memberErrors },
  }),
  exchange: createRoute({
    method: 'post',
    path: '/akahu/exchange',
    tags,
    summary: 'Exchange the consent’s one-time code for the connection',
    request: jsonBody(bankExchangeRequestSchema),
    responses: { 200: messageResponse, ...memberErrors },
  }),
  syncAccounts: createRoute({
    method: 'post',
    path: '/akahu/sync-accounts',
    tags,
    summary: 'Save the shared accounts as the member’s bank payment methods',
    responses: { 200: paymentTypesResponse, ...memberErrors },
  }),
  sandboxBankAccounts: createRoute({
    method: 'get',
    path: '/sandbox/bank-consents/accounts',
    tags: ['Sandbox providers'],
    summary: 'The sandbox bank’s test accounts, as its consent page lists them',
    responses: {
      200: jsonResponse('Accounts', dataEnvelope(z.array(sandboxBankAccountSchema))),
      404: errorResponses[404],
    },
  }),
  sandboxBankConsent: createRoute({
    method: 'post',
    path: '/sandbox/bank-consents',
    tags: ['Sandbox providers'],
    summary: 'The sandbox bank’s consent: the chosen accounts, and where to return with the code',
    request: jsonBody(sandboxBankConsentRequestSchema),
    responses: {
      200: jsonResponse('Where to go', dataEnvelope(sandboxBankConsentSchema)),
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  sandboxCardConfirm: createRoute({
    method: 'post',
    path: '/sandbox/card-setups/confirm',
    tags: ['Sandbox providers'],
    summary: 'The sandbox card provider’s confirm (Stripe.js confirmSetup): the card’s details, checked',
    request: jsonBody(sandboxCardConfirmRequestSchema),
    responses: {
      200: jsonResponse('The setup’s state', dataEnvelope(sandboxCardConfirmSchema)),
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
}
