import type { z } from 'zod'
import { apiCall, apiData } from '~/contracts/api/call'
import { membershipRoutes } from '~/contracts/api/membership.routes'
import { paymentMethodRoutes } from '~/contracts/api/payment-methods.routes'
import type { CallBody } from '~/contracts/api/request'
import { subscriptionRoutes } from '~/contracts/api/subscriptions.routes'
import type { membershipQuoteQuerySchema } from '~/contracts/join-payment'
import { toActionResult } from '~/lib/action-result'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * The join flow's payment steps, confirm and welcome (issue 14), each through the API's route objects,
 * where they are called (ADR 048): on the server for a first visit's loaders, in the browser straight
 * to `/api`. The API checks each body with its schema and answers a 422 in words.
 */

export function listPaymentTypes() {
  return withScreenErrors(() => apiData(paymentMethodRoutes.list))
}

/** Pay with this method from now on: `agreed` once a member who has joined has seen what it means. */
export function switchPaymentType({ data }: { data: { id: number; agreed?: boolean | undefined } }) {
  return toActionResult(() =>
    apiData(paymentMethodRoutes.switch, { params: { id: data.id }, body: { agreed: data.agreed } }),
  )
}

/** What paying with this method would mean, before anything changes (issue 25). */
export function fetchPaymentTypeChange({ data }: { data: { id: number } }) {
  return withScreenErrors(() => apiData(paymentMethodRoutes.change, { params: { id: data.id } }))
}

export function startCardSetup() {
  return toActionResult(() => apiData(paymentMethodRoutes.cardSetup))
}

/**
 * The sandbox card form's confirm, standing in for Stripe.js `confirmSetup`: the card's details go to
 * the sandbox provider's endpoint and nowhere else (nothing here logs or keeps them).
 */
export function confirmSandboxCard({
  data,
}: {
  data: CallBody<typeof paymentMethodRoutes.sandboxCardConfirm>
}) {
  return toActionResult(() => apiData(paymentMethodRoutes.sandboxCardConfirm, { body: data }))
}

export function saveCard({ data }: { data: CallBody<typeof paymentMethodRoutes.saveCard> }) {
  return toActionResult(() => apiData(paymentMethodRoutes.saveCard, { body: data }))
}

export function fetchBankAuthUrl() {
  return toActionResult(() => apiData(paymentMethodRoutes.authUrl))
}

/** connect-akahu's return: the code exchanged, then the shared accounts saved; answers the bank methods. */
export function finishBankConnection({ data }: { data: CallBody<typeof paymentMethodRoutes.exchange> }) {
  return toActionResult(async () => {
    await apiCall(paymentMethodRoutes.exchange, { body: data })
    return apiData(paymentMethodRoutes.syncAccounts)
  })
}

export function listSandboxBankAccounts() {
  return withScreenErrors(() => apiData(paymentMethodRoutes.sandboxBankAccounts))
}

export function grantSandboxBankConsent({
  data,
}: {
  data: CallBody<typeof paymentMethodRoutes.sandboxBankConsent>
}) {
  return toActionResult(() => apiData(paymentMethodRoutes.sandboxBankConsent, { body: data }))
}

export function fetchMembershipOptions() {
  return withScreenErrors(() => apiData(membershipRoutes.options))
}

/** What joining on a price costs; the price's id as text, as the address carries it. */
export function fetchMembershipQuote({ data }: { data: z.input<typeof membershipQuoteQuerySchema> }) {
  return toActionResult(() =>
    apiData(membershipRoutes.quote, {
      query: { price_id: Number(data.price_id), start_date: data.start_date },
    }),
  )
}

/** confirm-subscription's "Confirm and pay": `POST /api/subscriptions` with the client's key. */
export function joinMembership({ data }: { data: CallBody<typeof subscriptionRoutes.create> }) {
  return toActionResult(() => apiData(subscriptionRoutes.create, { body: data }))
}

export function fetchActiveSubscription() {
  return withScreenErrors(() => apiData(membershipRoutes.active))
}

/** The member removes a saved method that isn't the one their payments come from (issue 28). */
export function removePaymentType({ data }: { data: { id: number } }) {
  return toActionResult(() => apiData(paymentMethodRoutes.remove, { params: { id: data.id } }))
}
