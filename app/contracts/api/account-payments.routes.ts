import {
  accountBalanceSchema,
  accountPaymentLinkSchema,
  accountPaymentSchema,
  accountPaymentsQuerySchema,
} from '~/contracts/account-payments'
import { z } from '~/lib/validation'
import { dataResponse, errorResponses, idParams, memberErrors, pageResponse, routeGroup } from './openapi'

const { route } = routeGroup(['Members'], { ...memberErrors, 429: errorResponses[429] })

const pdfFile = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string() } },
})

/** The member's own payments, receipts, agreement and paying what they owe (issue 28). */
export const accountPaymentRoutes = {
  list: route('get', '/me/payments', {
    summary: 'The member’s payments, newest first, each with its state in words',
    request: { query: accountPaymentsQuerySchema },
    responses: { 200: pageResponse('A page of payments', accountPaymentSchema) },
  }),
  receipt: route('get', '/me/payments/{id}/receipt', {
    summary:
      'A paid payment’s receipt as a PDF (a tax invoice with GST when the organisation has a GST number)',
    description:
      'Another member’s payment is a 404; one not paid (upcoming, failed, on its way) is a 409 in words.',
    request: { params: idParams },
    responses: { 200: pdfFile('The receipt, as an attachment') },
  }),
  agreement: route('get', '/me/agreement', {
    summary: 'The membership agreement the member signed, as the welcome e-mail attached it (PDF)',
    responses: { 200: pdfFile('The agreement, as an attachment') },
  }),
  balance: route('get', '/me/balance', {
    summary: 'What the member owes now, why, and the grace period’s last day',
    responses: { 200: dataResponse('The balance', accountBalanceSchema) },
  }),
  payLink: route('post', '/me/payment-link', {
    summary: 'A pay page of the member’s own for what they owe now (the payment link’s page)',
    description:
      'Issues a single-use payment link for the membership that owes, for the member to pay at once on ' +
      'the pay page (saved method, new card or bank account). Nothing owed is a 409 in words.',
    responses: { 201: dataResponse('The link’s token', accountPaymentLinkSchema) },
  }),
}
