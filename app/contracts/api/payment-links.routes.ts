import { cardSetupSchema, paymentTypeSchema } from '~/contracts/join-payment'
import {
  confirmLinkPaymentRequestSchema,
  linkBankReturnSchema,
  payByLinkAnswerSchema,
  payByLinkRequestSchema,
  paymentLinkParams,
  paymentLinkSchema,
  saveLinkCardRequestSchema,
} from '~/contracts/pay'
import { z } from '~/lib/validation'
import { dataEnvelope } from './envelope'
import { createRoute, errorResponses, jsonBody, jsonResponse } from './openapi'

/**
 * The payment link's page on the join site (issue 16, ADR 027). No session: the link's token (256
 * random bits, only its hash stored) is the credential, and it names one membership. An unknown token
 * is a 404; a used or expired one can still be read (the page says so) but not paid with (409).
 */

const tags = ['Payment links']
const request = { params: paymentLinkParams }
const linkErrors = {
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
  429: errorResponses[429],
}

export const paymentLinkRoutes = {
  show: createRoute({
    method: 'get',
    path: '/payment-links/{token}',
    tags,
    summary: 'What a payment link pays: the membership, what is owed and why, the member’s saved methods',
    request,
    responses: {
      200: jsonResponse('The link', dataEnvelope(paymentLinkSchema)),
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  pay: createRoute({
    method: 'post',
    path: '/payment-links/{token}/pay',
    tags,
    summary: 'Pay what is owed with a saved method (optionally made the default)',
    description:
      'Each owed period is charged through the billing engine’s claim (its idempotency key stored first). ' +
      'The link is used up once everything owed is paid or accepted by the bank; a decline leaves it working.',
    request: { ...request, ...jsonBody(payByLinkRequestSchema) },
    responses: {
      200: jsonResponse('What each charge did', dataEnvelope(payByLinkAnswerSchema)),
      ...linkErrors,
    },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/payment-links/{token}/confirm',
    tags,
    summary: 'After the member’s bank approval: read the charge back, then pay the rest of what is owed',
    description:
      'A card charge made on the link’s page whose bank wanted the member to approve it (3-D Secure) ' +
      'answered `pending` with an `approval`. Once the member’s browser has completed it, this reads the ' +
      'charge from the card provider and records it (once, with the provider’s webhook), and when it was ' +
      'paid charges the rest of what is owed with the same method. A payment not of this link is a 404.',
    request: { ...request, ...jsonBody(confirmLinkPaymentRequestSchema) },
    responses: {
      200: jsonResponse('What each charge did, the confirmed one first', dataEnvelope(payByLinkAnswerSchema)),
      ...linkErrors,
    },
  }),
  cardSetup: createRoute({
    method: 'post',
    path: '/payment-links/{token}/card-setups',
    tags,
    summary: 'Start saving a new card for the link’s member (the join flow’s card step)',
    request,
    responses: {
      201: jsonResponse('The setup to confirm with the card provider', dataEnvelope(cardSetupSchema)),
      ...linkErrors,
    },
  }),
  saveCard: createRoute({
    method: 'post',
    path: '/payment-links/{token}/cards',
    tags,
    summary: 'Keep the confirmed card, made the default when the member asks (later payments use it)',
    description:
      'Made the default, the card also takes the upcoming payments and a retry due today for each owed ' +
      'period with none waiting (as switching methods does), so the next run or a retry by staff charges it.',
    request: { ...request, ...jsonBody(saveLinkCardRequestSchema) },
    responses: {
      201: jsonResponse('The member’s saved methods', dataEnvelope(z.array(paymentTypeSchema))),
      ...linkErrors,
    },
  }),
  bankConnection: createRoute({
    method: 'post',
    path: '/payment-links/{token}/bank-connections',
    tags,
    summary: 'Start connecting a new bank account for the link’s member (the join flow’s bank step)',
    description:
      'Answers the bank’s consent page address; it sends the member back to the join site’s `/pay-bank`.',
    request,
    responses: {
      200: jsonResponse('Where to send the member', dataEnvelope(z.object({ url: z.string() }))),
      ...linkErrors,
    },
  }),
  bankAccounts: createRoute({
    method: 'post',
    path: '/payment-links/{token}/bank-accounts',
    tags,
    summary: 'Finish the bank connection: the code exchanged, the shared accounts saved',
    request: { ...request, ...jsonBody(linkBankReturnSchema) },
    responses: {
      201: jsonResponse('The member’s saved methods', dataEnvelope(z.array(paymentTypeSchema))),
      ...linkErrors,
    },
  }),
}
