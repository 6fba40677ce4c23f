import type { z } from 'zod'
import type { previewQuerySchema } from '~/contracts/account-membership'
import { accountMembershipRoutes } from '~/contracts/api/account-membership.routes'
import { apiData } from '~/contracts/api/call'
import type { CallBody } from '~/contracts/api/request'
import { toActionResult } from '~/lib/action-result'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * The account's "Pause or cancel" (issue 28), each a plain call of the API's route objects (ADR 048):
 * on the server for a first visit's loader, in the browser straight to `/api`.
 */

export function fetchSelfService() {
  return withScreenErrors(() => apiData(accountMembershipRoutes.selfService))
}

export function previewAction({ data }: { data: z.input<typeof previewQuerySchema> }) {
  return toActionResult(() => apiData(accountMembershipRoutes.preview, { query: data }))
}

export function pauseOwn({ data }: { data: CallBody<typeof accountMembershipRoutes.pause> }) {
  return toActionResult(() => apiData(accountMembershipRoutes.pause, { body: data }))
}

export function endOwnPause({ data }: { data: CallBody<typeof accountMembershipRoutes.endPause> }) {
  return toActionResult(() => apiData(accountMembershipRoutes.endPause, { body: data }))
}

export function cancelOwn({ data }: { data: CallBody<typeof accountMembershipRoutes.cancel> }) {
  return toActionResult(() => apiData(accountMembershipRoutes.cancel, { body: data }))
}

export function undoOwnCancellation({
  data,
}: {
  data: CallBody<typeof accountMembershipRoutes.undoCancellation>
}) {
  return toActionResult(() => apiData(accountMembershipRoutes.undoCancellation, { body: data }))
}
