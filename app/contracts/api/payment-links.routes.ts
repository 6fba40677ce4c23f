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
import { dataResponse, errorResponses, jsonBody, routeGroup } from './openapi'

/**
 * The payment link's page on the join site (issue 16, ADR 027). No session: the link's token (256
 * random bits, only its hash stored) is the credential, and it names one membership. An unknown token
 * is a 404; a used or expired one can still be read (the page says so) but not paid with (409).
 */

const request = { params: paymentLinkParams }
const tags = ['Payment links']
/** Reading a link: an unknown token is a 404. */
const reading = routeGroup(tags, { 404: errorResponses[404], 422: errorResponses[422] })
/** Paying with it, or saving a method for it: also refused when used or expired (409), and rate-limited. */
const { route } = routeGroup(tags, {
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
  429: errorResponses[429],
})

export const paymentLinkRoutes = {
  show: reading.route('get', '/payment-links/{token}', {
    summary: 'What a payment link pays: the membership, what is owed and why, the member’s saved methods',
    request,
    responses: {
      200: dataResponse('The link', paymentLinkSchema),
    },
  }),
  pay: route('post', '/payment-links/{token}/pay', {
    summary: 'Pay what is owed with a saved method (optionally made the default)',
    description:
      'Each owed period is charged through the billing engine’s claim (its idempotency key stored first). ' +
      'The link is used up once everything owed is paid or accepted by the bank; a decline leaves it working.',
    request: { ...request, ...jsonBody(payByLinkRequestSchema) },
    responses: {
      200: dataResponse('What each charge did', payByLinkAnswerSchema),
    },
  }),
  confirm: route('post', '/payment-links/{token}/confirm', {
    summary: 'After the member’s bank approval: read the charge back, then pay the rest of what is owed',
    description:
      'A card charge made on the link’s page whose bank wanted the member to approve it (3-D Secure) ' +
      'answered `pending` with an `approval`. Once the member’s browser has completed it, this reads the ' +
      'charge from the card provider and records it (once, with the provider’s webhook), and when it was ' +
      'paid charges the rest of what is owed with the same method. A payment not of this link is a 404.',
    request: { ...request, ...jsonBody(confirmLinkPaymentRequestSchema) },
    responses: {
      200: dataResponse('What each charge did, the confirmed one first', payByLinkAnswerSchema),
    },
  }),
  cardSetup: route('post', '/payment-links/{token}/card-setups', {
    summary: 'Start saving a new card for the link’s member (the join flow’s card step)',
    request,
    responses: {
      201: dataResponse('The setup to confirm with the card provider', cardSetupSchema),
    },
  }),
  saveCard: route('post', '/payment-links/{token}/cards', {
    summary: 'Keep the confirmed card, made the default when the member asks (later payments use it)',
    description:
      'Made the default, the card also takes the upcoming payments and a retry due today for each owed ' +
      'period with none waiting (as switching methods does), so the next run or a retry by staff charges it.',
    request: { ...request, ...jsonBody(saveLinkCardRequestSchema) },
    responses: {
      201: dataResponse('The member’s saved methods', z.array(paymentTypeSchema)),
    },
  }),
  bankConnection: route('post', '/payment-links/{token}/bank-connections', {
    summary: 'Start connecting a new bank account for the link’s member (the join flow’s bank step)',
    description:
      'Answers the bank’s consent page address; it sends the member back to the join site’s `/pay-bank`.',
    request,
    responses: {
      200: dataResponse('Where to send the member', z.object({ url: z.string() })),
    },
  }),
  bankAccounts: route('post', '/payment-links/{token}/bank-accounts', {
    summary: 'Finish the bank connection: the code exchanged, the shared accounts saved',
    request: { ...request, ...jsonBody(linkBankReturnSchema) },
    responses: {
      201: dataResponse('The member’s saved methods', z.array(paymentTypeSchema)),
    },
  }),
}
