import { accountRoutes } from '~/contracts/api/account.routes'
import { apiCall, apiData } from '~/contracts/api/call'
import type { CallBody } from '~/contracts/api/request'
import { toActionResult } from '~/lib/action-result'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * The account's "Your details" (issue 28), each through its route object (ADR 048): on the server for a
 * first visit's loader, in the browser straight to `/api`.
 */

export function fetchAccountDetails() {
  return withScreenErrors(() => apiData(accountRoutes.show))
}

export function saveContactDetails(body: CallBody<typeof accountRoutes.contact>) {
  return toActionResult(() => apiData(accountRoutes.contact, { body }))
}

export function askEmailChange(body: CallBody<typeof accountRoutes.changeEmail>) {
  return toActionResult(() => apiData(accountRoutes.changeEmail, { body }))
}

export function resendEmailChange() {
  return toActionResult(() => apiData(accountRoutes.resendEmailChange))
}

export function cancelEmailChange() {
  return toActionResult(() => apiData(accountRoutes.cancelEmailChange))
}

export function confirmEmailChange(body: CallBody<typeof accountRoutes.confirmEmailChange>) {
  return toActionResult(() => apiCall(accountRoutes.confirmEmailChange, { body }))
}

export function changePassword(body: CallBody<typeof accountRoutes.changePassword>) {
  return toActionResult(() => apiCall(accountRoutes.changePassword, { body }))
}

export function signOutEverywhere() {
  return toActionResult(() => apiCall(accountRoutes.signOutEverywhere))
}

export function askClosure(body: CallBody<typeof accountRoutes.askClosure>) {
  return toActionResult(() => apiData(accountRoutes.askClosure, { body }))
}

export function withdrawClosure() {
  return toActionResult(() => apiData(accountRoutes.withdrawClosure))
}
