import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { joinRoutes } from '~/contracts/api/join.routes'
import { meRoutes } from '~/contracts/api/me.routes'
import { profilePictureRoutes } from '~/contracts/api/profile-pictures.routes'
import { registerFieldsRequestSchema } from '~/contracts/join'
import { toActionResult } from '~/lib/action-result'

/** The join flow's calls (SPEC §2.1, issue 14), each through the API's route objects. */

/** take-photo: the photo as multipart, part `image`; answers the session user with its new photo. */
export const uploadProfilePicture = createServerFn({ method: 'POST' })
  .validator((data: unknown) => {
    if (!(data instanceof FormData)) throw new Error('Choose a photo to upload.')
    return data
  })
  .handler(({ data }) => toActionResult(() => api().data(profilePictureRoutes.upload, { body: data })))

/** about-you's answers as saved, so going back to the step shows them (`GET /api/me/register-fields`). */
export const fetchRegisterFields = createServerFn({ method: 'GET' }).handler(() =>
  api().data(meRoutes.showRegisterFields),
)

/** about-you: the member's "About you" (`PUT /api/me/register-fields`); answers the session user. */
export const saveRegisterFields = createServerFn({ method: 'POST' })
  .validator(registerFieldsRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(meRoutes.registerFields, { body: data })))

/** The gym's offerings and public prices, for its sign-up page (shown before the details). */
export const listJoinOfferings = createServerFn({ method: 'GET' })
  .validator((data: { gym: string }) => data)
  .handler(({ data }) => api().data(joinRoutes.offerings, { params: { uuid: data.gym } }))
