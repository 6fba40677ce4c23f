import { createServerFn } from '@tanstack/react-start'
import { toActionResult } from '~/lib/action-result'
import { api } from '~/lib/api-client.server'
import { profilePictureRoutes } from '~/server/api/routes/profile-pictures.routes'

/** The join flow's calls (SPEC §2.1, issue 14), each through the API's route objects. */

/** take-photo: the photo as multipart, part `image`; answers the session user with its new photo. */
export const uploadProfilePicture = createServerFn({ method: 'POST' })
  .validator((data: unknown) => {
    if (!(data instanceof FormData)) throw new Error('Choose a photo to upload.')
    return data
  })
  .handler(({ data }) => toActionResult(() => api().data(profilePictureRoutes.upload, { body: data })))
