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
import {
  dataResponse,
  errorResponses,
  idParams,
  jsonBody,
  memberErrors,
  messageResponse,
  routeGroup,
} from './openapi'

const { route } = routeGroup(['Payment methods'], memberErrors)
const sandbox = routeGroup(['Sandbox providers'], { 404: errorResponses[404] })
const paymentTypesResponse = dataResponse('The member’s payment methods', z.array(paymentTypeSchema))

/** A member's own payment methods, and saving a card or bank account (SPEC §7; issue 14). */
export const paymentMethodRoutes = {
  list: route('get', '/me/payment-types', {
    summary: 'The member’s payment methods, the default marked',
    responses: { 200: paymentTypesResponse },
  }),
  change: route('get', '/me/payment-types/{id}/change', {
    summary:
      'What paying with this method would mean (amount per period, card surcharge), and whether the member must agree first',
    request: { params: idParams },
    responses: {
      200: dataResponse('The change', paymentMethodChangeSchema),
    },
  }),
  switch: route('post', '/me/payment-types/{id}/switch', {
    summary:
      'Pay with this method from now on (payments not yet sent move to it); a member who has joined must send agreed: true, and is e-mailed',
    request: {
      params: idParams,
      body: { content: { 'application/json': { schema: switchPaymentTypeRequestSchema } }, required: false },
    },
    responses: { 200: paymentTypesResponse },
  }),
  remove: route('delete', '/me/payment-types/{id}', {
    summary:
      'Remove a saved card or bank account that is not the one payments come from (kept for past payments, never charged again; the member is e-mailed)',
    request: { params: idParams },
    responses: { 200: paymentTypesResponse },
  }),
  cardSetup: route('post', '/me/card-setups', {
    summary: 'Start saving a card: a setup whose client secret the card form confirms (Stripe SetupIntent)',
    responses: { 201: dataResponse('The setup', cardSetupSchema) },
  }),
  saveCard: route('post', '/me/payment-types/card', {
    summary: 'Keep the card of a confirmed setup (brand, last four, expiry, country) as the default',
    request: jsonBody(saveCardRequestSchema),
    responses: { 201: dataResponse('The card', paymentTypeSchema) },
  }),
  authUrl: route('get', '/akahu/auth-url', {
    summary: 'Where to send the member to share their bank accounts (open banking consent)',
    responses: { 200: dataResponse('The address', authUrlSchema) },
  }),
  exchange: route('post', '/akahu/exchange', {
    summary: 'Exchange the consent’s one-time code for the connection',
    request: jsonBody(bankExchangeRequestSchema),
    responses: { 200: messageResponse },
  }),
  syncAccounts: route('post', '/akahu/sync-accounts', {
    summary: 'Save the shared accounts as the member’s bank payment methods',
    responses: { 200: paymentTypesResponse },
  }),
  sandboxBankAccounts: sandbox.route('get', '/sandbox/bank-consents/accounts', {
    summary: 'The sandbox bank’s test accounts, as its consent page lists them',
    responses: {
      200: dataResponse('Accounts', z.array(sandboxBankAccountSchema)),
    },
  }),
  sandboxBankConsent: sandbox.route('post', '/sandbox/bank-consents', {
    summary: 'The sandbox bank’s consent: the chosen accounts, and where to return with the code',
    request: jsonBody(sandboxBankConsentRequestSchema),
    responses: {
      200: dataResponse('Where to go', sandboxBankConsentSchema),
      422: errorResponses[422],
    },
  }),
  sandboxCardConfirm: sandbox.route('post', '/sandbox/card-setups/confirm', {
    summary: 'The sandbox card provider’s confirm (Stripe.js confirmSetup): the card’s details, checked',
    request: jsonBody(sandboxCardConfirmRequestSchema),
    responses: {
      200: dataResponse('The setup’s state', sandboxCardConfirmSchema),
      422: errorResponses[422],
    },
  }),
}
