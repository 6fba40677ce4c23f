import { accountPaymentRoutes } from '~/contracts/api/account-payments.routes'
import { apiCall, apiData } from '~/contracts/api/call'
import { toActionResult } from '~/lib/action-result'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * The account's Payments part (issue 28) through the API's route objects (ADR 048): on the server for a
 * first visit's loader, in the browser straight to `/api`.
 */

/** What the member owes now and a page of their payments, newest first. */
export async function fetchAccountPayments({ page }: { page: number }) {
  const [balance, payments] = await Promise.all([
    withScreenErrors(() => apiData(accountPaymentRoutes.balance)),
    withScreenErrors(() => apiCall(accountPaymentRoutes.list, { query: { page } })),
  ])
  return { balance, payments }
}

/** A pay page of the member's own for what they owe now (its token), or why not in words. */
export function issueAccountPaymentLink() {
  return toActionResult(() => apiData(accountPaymentRoutes.payLink))
}
