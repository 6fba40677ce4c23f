import { apiData } from '~/contracts/api/call'
import { joinRoutes } from '~/contracts/api/join.routes'
import { meRoutes } from '~/contracts/api/me.routes'
import { profilePictureRoutes } from '~/contracts/api/profile-pictures.routes'
import type { CallBody } from '~/contracts/api/request'
import { toActionResult } from '~/lib/action-result'
import { withScreenErrors } from '~/lib/screen-errors'

/**
 * The join flow's calls (SPEC §2.1, issue 14), each through the API's route objects, where they are
 * called (ADR 048): on the server for a first visit's loaders, in the browser straight to `/api`.
 */

/** take-photo: the photo as multipart, part `image`; answers the session user with its new photo. */
export async function uploadProfilePicture({ data }: { data: FormData }) {
  if (!(data instanceof FormData)) throw new Error('Choose a photo to upload.')
  return toActionResult(() => apiData(profilePictureRoutes.upload, { body: data }))
}

/** about-you's answers as saved, so going back to the step shows them (`GET /api/me/register-fields`). */
export function fetchRegisterFields() {
  return withScreenErrors(() => apiData(meRoutes.showRegisterFields))
}

/** about-you: the member's "About you" (`PUT /api/me/register-fields`); answers the session user. */
export function saveRegisterFields({ data }: { data: CallBody<typeof meRoutes.registerFields> }) {
  return toActionResult(() => apiData(meRoutes.registerFields, { body: data }))
}

/** The gym's offerings and public prices, for its sign-up page (shown before the details). */
export function listJoinOfferings({ data }: { data: { gym: string } }) {
  return withScreenErrors(() => apiData(joinRoutes.offerings, { params: { uuid: data.gym } }))
}
