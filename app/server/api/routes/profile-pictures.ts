import type { OpenAPIHono } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { requireStaff } from '~/access/caller.server'
import { findMemberInScope } from '~/access/members.server'
import { profilePictureRoutes as routes } from '~/contracts/api/profile-pictures.routes'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { findStaffInScope } from '~/server/services/staff/find-staff.server'
import { setProfilePicture } from '~/server/services/users/set-profile-picture.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'

const choosePhoto = 'Choose a photo to upload.'

export function registerProfilePictureRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.upload, async (c) => {
    const { user } = requireUser(c)
    const image = c.req.valid('form').image
    if (!(image instanceof File)) {
      throw new AppError('VALIDATION', choosePhoto, { fieldErrors: { image: [choosePhoto] } })
    }
    const db = c.var.database.db
    await setProfilePicture({
      db,
      storage: c.var.storage,
      userId: user.id,
      upload: new Uint8Array(await image.arrayBuffer()),
    })
    const [updated] = await db.select().from(users).where(eq(users.id, user.id))
    if (!updated) throw new AppError('NOT_FOUND', 'User not found.')
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })

  api.openapi(routes.show, async (c) => {
    const { user } = requireUser(c)
    const id = c.req.valid('param').id
    const db = c.var.database.db
    // Your own photo, a member's to staff who see the member, or a staff member's to those who see
    // them (issue 17); anyone else's is unknown (404).
    if (id !== user.id) {
      const caller = await requireStaff(actorOf(c))
      await findMemberInScope({ db, caller, memberId: id }).catch(async (error: unknown) => {
        if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error
        await findStaffInScope({ db, caller, staffId: id }).catch(() => {
          throw error
        })
      })
    }
    const [owner] = await db
      .select({ profilePicture: users.profilePicture })
      .from(users)
      .where(eq(users.id, id))
    const file = owner?.profilePicture ? await c.var.storage.get(owner.profilePicture) : undefined
    if (!file) throw new AppError('NOT_FOUND', 'No photo yet.')
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      // Private: a photo is personal; its address changes with the photo, so it may be kept a while.
      'Cache-Control': 'private, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    })
  })
}
