import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireOrganisationAdmin, requireStaff } from '~/access/caller.server'
import { staffViewScope } from '~/access/staff.server'
import { paginate } from '~/contracts/api/envelope'
import { staffRoutes as routes } from '~/contracts/api/staff.routes'
import { deactivateStaff } from '~/server/services/staff/deactivate-staff.server'
import {
  checkStaffAddress,
  findManageableStaff,
  findStaffInScope,
  findStaffPage,
} from '~/server/services/staff/find-staff.server'
import { inviteStaff } from '~/server/services/staff/invite-staff.server'
import { resendStaffInvitation } from '~/server/services/staff/resend-staff-invitation.server'
import { updateStaffRoles } from '~/server/services/staff/update-staff-roles.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import { toStaffResource } from '../resources/staff'

export function registerStaffRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    // The Staff screens' list: organisation admins only, as the Organisation group that shows it
    // (issue 30, point 3). A gym admin reads one colleague at a gym they run (`GET /staff/{id}`), no list.
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const { page, per_page, gym_id, ...filters } = c.req.valid('query')
    const { rows, total } = await findStaffPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope: staffViewScope(caller),
      ...filters,
      gymId: gym_id,
      page,
      perPage: per_page,
    })
    const data = rows.map(toStaffResource)
    return c.json(paginate({ rows: data, total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.show, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const row = await findStaffInScope({ db: c.var.database.db, caller, staffId: c.req.valid('param').id })
    return c.json({ data: toStaffResource(row) }, 200)
  })

  api.openapi(routes.exists, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const found = await checkStaffAddress({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      email: c.req.valid('json').email,
    })
    return c.json({ data: { exists: found.exists, staff_id: found.staffId, message: found.message } }, 200)
  })

  api.openapi(routes.invite, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const body = c.req.valid('json')
    const created = await inviteStaff({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      actor: { id: caller.user.id, name: caller.user.name },
      inviting: body.inviting,
      name: body.name,
      email: body.email,
      role: body.role,
      gyms: body.gyms,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    return c.json({ data: toStaffResource(created.staff), message: created.message }, 201)
  })

  api.openapi(routes.update, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findManageableStaff({ db, caller, staffId: c.req.valid('param').id })
    const body = c.req.valid('json')
    const updated = await updateStaffRoles({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      staffId: staff.user.id,
      actorId: caller.user.id,
      role: body.role,
      gyms: body.gyms,
    })
    return c.json({ data: toStaffResource(updated.staff), message: updated.message }, 200)
  })

  api.openapi(routes.resendInvitation, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findManageableStaff({ db, caller, staffId: c.req.valid('param').id })
    const { message } = await resendStaffInvitation({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      staffId: staff.user.id,
      actor: { id: caller.user.id, name: caller.user.name },
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    return c.json({ message }, 200)
  })

  api.openapi(routes.deactivate, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findManageableStaff({ db, caller, staffId: c.req.valid('param').id })
    const { message } = await deactivateStaff({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      staffId: staff.user.id,
      actorId: caller.user.id,
    })
    return c.json({ message }, 200)
  })
}
