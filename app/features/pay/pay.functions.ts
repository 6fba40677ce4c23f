import { apiData } from '~/contracts/api/call'
import { paymentLinkRoutes } from '~/contracts/api/payment-links.routes'
import type { CallBody } from '~/contracts/api/request'
import { paymentLinkTokenPattern, unknownLinkMessage } from '~/contracts/payment-link-token'
import { toActionResult } from '~/lib/action-result'

/**
 * The payment link's page (issue 16): each call through the API's route objects, the token its
 * credential, where it is called (ADR 048): on the server for a first visit's loader, in the browser
 * straight to `/api`.
 */

type Token = { token: string }

/** What the link pays; `link: null` with the API's words when no such link exists. */
export async function fetchPaymentLink({ data }: { data: Token }) {
  if (!paymentLinkTokenPattern.test(data.token))
    return {
      link: null,
      message: unknownLinkMessage,
    }
  const result = await toActionResult(() =>
    apiData(paymentLinkRoutes.show, { params: { token: data.token } }),
  )
  if (result.ok) return { link: result.data, message: null }
  if (result.status === 404 || result.status === 422) return { link: null, message: result.message }
  throw new Error(result.message)
}

export function payWithLink({ data }: { data: Token & { payment: CallBody<typeof paymentLinkRoutes.pay> } }) {
  return toActionResult(() =>
    apiData(paymentLinkRoutes.pay, { params: { token: data.token }, body: data.payment }),
  )
}

export function startLinkCardSetup({ data }: { data: Token }) {
  return toActionResult(() => apiData(paymentLinkRoutes.cardSetup, { params: { token: data.token } }))
}

export function saveLinkCard({
  data,
}: {
  data: Token & { card: CallBody<typeof paymentLinkRoutes.saveCard> }
}) {
  return toActionResult(() =>
    apiData(paymentLinkRoutes.saveCard, { params: { token: data.token }, body: data.card }),
  )
}

/** A new bank account: the bank's consent page address (it sends the member back to `/pay-bank`). */
export function startLinkBankConnection({ data }: { data: Token }) {
  return toActionResult(() => apiData(paymentLinkRoutes.bankConnection, { params: { token: data.token } }))
}

/** Back from the bank: the code exchanged and the shared accounts saved for the link's member. */
export function finishLinkBankConnection({
  data,
}: {
  data: Token & { back: CallBody<typeof paymentLinkRoutes.bankAccounts> }
}) {
  return toActionResult(() =>
    apiData(paymentLinkRoutes.bankAccounts, { params: { token: data.token }, body: data.back }),
  )
}
