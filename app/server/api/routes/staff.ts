import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireOrganisationAdmin, requireOwnOrganisation, requireStaff } from '~/access/caller.server'
import { staffViewScope } from '~/access/staff.server'
import { paginate } from '~/contracts/api/envelope'
import { staffRoutes as routes } from '~/contracts/api/staff.routes'
import { deactivateStaff } from '~/server/services/staff/deactivate-staff.server'
import {
  findManageableStaff,
  findStaffInScope,
  findStaffPage,
  findUserByEmail,
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
    const caller = await requireStaff(actorOf(c))
    requireOwnOrganisation(caller, c.req.valid('param').id)
    const query = c.req.valid('query')
    const { rows, total } = await findStaffPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope: staffViewScope(caller),
      search: query.search,
      status: query.status,
      gymId: query.gym_id,
      sort: query.sort,
      page: query.page,
      perPage: query.per_page,
    })
    return c.json(
      paginate({
        rows: rows.map(toStaffResource),
        total,
        page: query.page,
        perPage: query.per_page,
        url: c.req.url,
      }),
      200,
    )
  })

  api.openapi(routes.show, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const row = await findStaffInScope({ db: c.var.database.db, caller, staffId: c.req.valid('param').id })
    return c.json({ data: toStaffResource(row) }, 200)
  })

  api.openapi(routes.exists, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const found = await findUserByEmail({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      email: c.req.valid('json').email,
    })
    const message = !found
      ? null
      : !found.isStaff
        ? 'This address belongs to a member of your organisation. Invite staff with an address of their own.'
        : found.deletedAt
          ? 'This address belongs to a deactivated staff member.'
          : 'This address already belongs to one of your staff.'
    return c.json(
      { data: { exists: found !== undefined, staff_id: found?.isStaff ? found.id : null, message } },
      200,
    )
  })

  api.openapi(routes.invite, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const body = c.req.valid('json')
    const db = c.var.database.db
    const created = await inviteStaff({
      db,
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
    const row = await findStaffInScope({ db, caller, staffId: created.id })
    const message = body.inviting
      ? `Invitation sent to ${row.user.email}. The link works for 7 days.`
      : `${row.user.name} added to your staff.`
    return c.json({ data: toStaffResource(row), message }, 201)
  })

  api.openapi(routes.update, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findManageableStaff({ db, caller, staffId: c.req.valid('param').id })
    const body = c.req.valid('json')
    await updateStaffRoles({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      staffId: staff.user.id,
      actorId: caller.user.id,
      role: body.role,
      gyms: body.gyms,
    })
    const row = await findStaffInScope({ db, caller, staffId: staff.user.id })
    return c.json({ data: toStaffResource(row), message: `${row.user.name}’s roles are saved.` }, 200)
  })

  api.openapi(routes.resendInvitation, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findManageableStaff({ db, caller, staffId: c.req.valid('param').id })
    const sent = await resendStaffInvitation({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      staffId: staff.user.id,
      actor: { id: caller.user.id, name: caller.user.name },
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    return c.json({ message: `A new invitation is on its way to ${sent.email}.` }, 200)
  })

  api.openapi(routes.deactivate, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findManageableStaff({ db, caller, staffId: c.req.valid('param').id })
    const done = await deactivateStaff({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      staffId: staff.user.id,
      actorId: caller.user.id,
    })
    return c.json({ message: `${done.name} is deactivated and has been signed out everywhere.` }, 200)
  })
}
