import type { OpenAPIHono } from '@hono/zod-openapi'
import { profilePictureRoutes as routes } from '~/contracts/api/profile-pictures.routes'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { findProfilePicture } from '~/server/services/users/find-profile-picture.server'
import { requireProfilePictureViewer } from '~/server/services/users/profile-picture-viewer.server'
import { setUploadedProfilePicture } from '~/server/services/users/set-profile-picture.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'

export function registerProfilePictureRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.upload, async (c) => {
    const { user } = requireUser(c)
    const db = c.var.database.db
    const updated = await setUploadedProfilePicture({
      db,
      storage: c.var.storage,
      userId: user.id,
      image: c.req.valid('form').image,
    })
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })

  api.openapi(routes.show, async (c) => {
    const id = c.req.valid('param').id
    await requireProfilePictureViewer(actorOf(c), id)
    const file = await findProfilePicture({ db: c.var.database.db, storage: c.var.storage, userId: id })
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      // Private: a photo is personal; its address changes with the photo, so it may be kept a while.
      'Cache-Control': 'private, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    })
  })
}
