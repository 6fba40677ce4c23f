import {
  paymentFiltersSchema,
  paymentLinkSentSchema,
  paymentRowSchema,
  paymentsQuerySchema,
  paymentTotalsSchema,
  retryAnswerSchema,
  waivePaymentRequestSchema,
} from '~/contracts/payments'
import { z } from '~/lib/validation'
import { dataEnvelope, messageSchema, paginatedEnvelope } from './envelope'
import { errorResponses, idParams, jsonBody, jsonResponse, routeGroup, staffErrors } from './openapi'

/**
 * The payments of the console (issue 16): the list with its totals, and the list as a CSV file. For
 * staff with the payments area (organisation and gym admins, ADR 014); organisation admins see every
 * gym's payments, gym admins their gyms'.
 */

const { route, csvExport } = routeGroup(['Payments'], staffErrors)

export const paymentRoutes = {
  list: route('get', '/payments', {
    summary: 'The payments of the caller’s gyms, filtered, sorted and paged, with the filtered totals',
    description:
      'Newest due first by default. `status` is how SPEC §4 reads a payment (`pending` is a request ' +
      'waiting at the bank; any status but sent, upcoming and pending is `failed`, with the reason in ' +
      'words); `type` bank, card or manual (at the desk); `due_from`/`due_to` are Auckland days, ' +
      'inclusive; `amount_min`/`amount_max` in cents, inclusive; `retries=true` lists only retries; ' +
      '`search` a member’s name or e-mail. A withdrawn payment (`cancelled`) was never owed and is not ' +
      'listed. `totals` sums amount and surcharge over every matching payment, not only the page.',
    request: { query: paymentsQuerySchema },
    responses: {
      200: jsonResponse(
        'A page of payments and the totals',
        paginatedEnvelope(paymentRowSchema).extend({ totals: paymentTotalsSchema }),
      ),
    },
  }),
  export: csvExport('/payments/export', paymentFiltersSchema, {
    summary: 'The filtered payments list as a CSV file',
    description:
      'The same filters and order as `GET /payments` (as a JSON body), every matching payment, streamed ' +
      'as it is read. Money in dollars, days in en-NZ with an ISO column beside them; a cell that would ' +
      'start a spreadsheet formula is prefixed with an apostrophe. Audited.',
  }),
  retry: route('post', '/payments/{id}/retry', {
    summary: 'Charge a failed payment’s period again now',
    description:
      'Through the billing engine’s claim: the period’s waiting retry (or a new one when the retries are ' +
      'used up) is charged now with the member’s current method, its idempotency key stored first. ' +
      '409 while a charge for the period is in flight (two presses make one charge), or when the period ' +
      'is paid or waived. `status` pending: the bank (or a provider that did not answer) will settle it.',
    request: { params: idParams },
    responses: {
      200: jsonResponse(
        'What the charge did',
        dataEnvelope(retryAnswerSchema).extend({ message: z.string() }),
      ),
      409: errorResponses[409],
    },
  }),
  waive: route('post', '/payments/{id}/waive', {
    summary: 'Let the member off a failed payment, with the reason',
    description:
      'The period’s failures become `waived`, its waiting retry is withdrawn, the balance and grace ' +
      'period follow; the reason is kept in the audit log.',
    request: { params: idParams, ...jsonBody(waivePaymentRequestSchema) },
    responses: {
      200: jsonResponse('Waived', messageSchema),
      409: errorResponses[409],
    },
  }),
  sendLink: route('post', '/payments/{id}/payment-link', {
    summary: 'E-mail the member a single-use link to pay what their membership owes',
    request: { params: idParams },
    responses: {
      201: jsonResponse('Sent', dataEnvelope(paymentLinkSentSchema).extend({ message: z.string() })),
      409: errorResponses[409],
      429: errorResponses[429],
    },
  }),
}
