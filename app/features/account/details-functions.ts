import { accountDetailsRoutes } from '~/contracts/api/account-details.routes'
import { apiCall, apiData } from '~/contracts/api/call'
import type { CallBody } from '~/contracts/api/request'
import { toActionResult } from '~/lib/action-result'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * The account's "Your details" (issue 28), each through its route object (ADR 048): on the server for a
 * first visit's loader, in the browser straight to `/api`.
 */

export function fetchAccountDetails() {
  return withScreenErrors(() => apiData(accountDetailsRoutes.show))
}

export function saveContactDetails(body: CallBody<typeof accountDetailsRoutes.contact>) {
  return toActionResult(() => apiData(accountDetailsRoutes.contact, { body }))
}

export function askEmailChange(body: CallBody<typeof accountDetailsRoutes.changeEmail>) {
  return toActionResult(() => apiData(accountDetailsRoutes.changeEmail, { body }))
}

export function resendEmailChange() {
  return toActionResult(() => apiData(accountDetailsRoutes.resendEmailChange))
}

export function cancelEmailChange() {
  return toActionResult(() => apiData(accountDetailsRoutes.cancelEmailChange))
}

export function confirmEmailChange(body: CallBody<typeof accountDetailsRoutes.confirmEmailChange>) {
  return toActionResult(() => apiCall(accountDetailsRoutes.confirmEmailChange, { body }))
}

export function changePassword(body: CallBody<typeof accountDetailsRoutes.changePassword>) {
  return toActionResult(() => apiCall(accountDetailsRoutes.changePassword, { body }))
}

export function signOutEverywhere() {
  return toActionResult(() => apiCall(accountDetailsRoutes.signOutEverywhere))
}

export function askClosure(body: CallBody<typeof accountDetailsRoutes.askClosure>) {
  return toActionResult(() => apiData(accountDetailsRoutes.askClosure, { body }))
}

export function withdrawClosure() {
  return toActionResult(() => apiData(accountDetailsRoutes.withdrawClosure))
}
