import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireStaffUser } from '~/access/caller.server'
import { searchRoutes } from '~/contracts/api/search.routes'
import { profilePictureUrl } from '~/server/auth/session-user.server'
import { searchMembers } from '~/server/services/members/search-members.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'

export function registerSearchRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(searchRoutes.search, async (c) => {
    // The caller's gyms are read by the search's own statement (one round trip instead of three).
    const user = requireStaffUser(actorOf(c))
    const { query } = c.req.valid('json')
    const data = await searchMembers({
      db: c.var.database.db,
      caller: {
        userId: user.id,
        organisationId: user.organisationId,
        isOrganisationAdmin: user.organisationRole === 'admin',
      },
      query,
    })
    return c.json(
      {
        data: data.map((member) => ({
          id: member.id,
          name: member.name,
          email: member.email,
          profile_picture: profilePictureUrl({ id: member.id, profilePicture: member.profilePicture }),
        })),
      },
      200,
    )
  })
}
