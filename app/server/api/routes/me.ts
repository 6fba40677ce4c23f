import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireMemberSelf } from '~/access/member-self.server'
import { meRoutes as routes } from '~/contracts/api/me.routes'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { updateRegisterFields } from '~/server/services/users/update-register-fields.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { fromRegisterFieldsRequest, toRegisterFieldsResource } from '../resources/register-fields'

export function registerMeRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.showRegisterFields, async (c) => {
    const user = requireMemberSelf(actorOf(c))
    return c.json({ data: toRegisterFieldsResource(user) }, 200)
  })

  api.openapi(routes.registerFields, async (c) => {
    // Staff have no membership to describe: the step is the join flow's.
    const member = requireMemberSelf(actorOf(c))
    const db = c.var.database.db
    const updated = await updateRegisterFields({
      db,
      now: c.var.now,
      userId: member.id,
      fields: fromRegisterFieldsRequest(c.req.valid('json')),
    })
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })
}
