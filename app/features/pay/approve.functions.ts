import { apiData } from '~/contracts/api/call'
import { cardPaymentRoutes } from '~/contracts/api/card-payments.routes'
import { paymentLinkRoutes } from '~/contracts/api/payment-links.routes'
import type { CallBody } from '~/contracts/api/request'
import { toActionResult } from '~/lib/action-result'

/**
 * The payment link's bank checks (ADR 042), apart from `pay.functions.ts`: only `approve-payments.ts`,
 * loaded when a charge waits, uses them, so the pay pages do not carry them. Each goes straight to
 * `/api` from the browser (ADR 048).
 */

/** After the member's bank check: the charge read back, and the rest of what is owed paid. */
export function confirmLinkPayment({
  data,
}: {
  data: { token: string; confirm: CallBody<typeof paymentLinkRoutes.confirm> }
}) {
  return toActionResult(() =>
    apiData(paymentLinkRoutes.confirm, { params: { token: data.token }, body: data.confirm }),
  )
}

/** The sandbox bank's check of a card charge: the member's Approve or Don't approve. */
export function answerSandboxCardCheck({
  data,
}: {
  data: CallBody<typeof cardPaymentRoutes.sandboxCardApproval>
}) {
  return toActionResult(() => apiData(cardPaymentRoutes.sandboxCardApproval, { body: data }))
}
