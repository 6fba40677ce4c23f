import type { OpenAPIHono } from '@hono/zod-openapi'
import {
  requireArea,
  requireOrganisationAdmin,
  requireStaff,
  requireVisibleGym,
} from '~/access/caller.server'
import { findManageableMember, findMemberForMoney, findMemberWithMoneyRight } from '~/access/members.server'
import { findOrganisationStaff } from '~/access/staff.server'
import { accessControlRoutes as routes } from '~/contracts/api/access-control.routes'
import {
  connectDoorSystem,
  findDoorPlaces,
  findGymDoors,
  findPlaceDoors,
  linkPlaceToGym,
  openSandboxPlace,
  setDoorTracksVisits,
  setStaffDoorAccess,
} from '~/server/services/door-access/door-system.server'
import {
  findDoorCredential,
  findMemberDoorAccess,
  recreateDoorCredential,
} from '~/server/services/door-access/member-door-access.server'
import { findDoorIntegration } from '~/server/services/door-access/sync-door-access.server'
import { tapDoorAsStaff } from '~/server/services/door-access/tap-door.server'
import { actorOf, staffAction } from '../actor'
import type { ApiEnv } from '../context'
import { toDoorSystemResource, toGymDoorResource, toTapResource } from '../resources/door'

/** Door access (issue 17, ADR 029): the door system, a gym's doors, a person's access, the sandbox tap. */
export function registerAccessControlRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.integration, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const integration = await findDoorIntegration(c.var.database.db, caller.organisationId)
    return c.json({ data: integration ? toDoorSystemResource(integration) : null }, 200)
  })

  api.openapi(routes.connect, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const body = c.req.valid('json')
    const integration = await connectDoorSystem({
      ...staffAction(c, caller),
      providers: c.var.doors,
      type: body.integration_type,
      credentials: body.api_key ? { api_key: body.api_key } : {},
    })
    return c.json({ data: toDoorSystemResource(integration) }, 201)
  })

  api.openapi(routes.places, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const data = await findDoorPlaces({
      db: c.var.database.db,
      providers: c.var.doors,
      organisationId: caller.organisationId,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.placeDoors, async (c) => {
    const { id, place } = c.req.valid('param')
    const caller = await requireOrganisationAdmin(actorOf(c), id)
    const data = await findPlaceDoors({
      db: c.var.database.db,
      providers: c.var.doors,
      organisationId: caller.organisationId,
      placeId: place,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.gymDoors, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('param').id
    // Any of the gym's staff may see its doors (the tap page); linking and changing them is the
    // organisation admins', who alone are told which of the door system's places are free.
    requireVisibleGym(caller, gymId)
    const data = await findGymDoors({
      db: c.var.database.db,
      providers: c.var.doors,
      organisationId: caller.organisationId,
      gymId,
    })
    return c.json({ data: caller.isOrganisationAdmin ? data : { ...data, available_places: [] } }, 200)
  })

  api.openapi(routes.linkPlace, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('param').id
    requireVisibleGym(caller, gymId)
    requireArea(caller, 'organisation')
    const data = await linkPlaceToGym({
      ...staffAction(c, caller),
      providers: c.var.doors,
      gymId,
      placeId: c.req.valid('json').place_id,
    })
    return c.json({ data }, 201)
  })

  api.openapi(routes.tracksVisits, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const gymId = c.req.valid('param').id
    requireVisibleGym(caller, gymId)
    requireArea(caller, 'organisation')
    const body = c.req.valid('json')
    const door = await setDoorTracksVisits({
      ...staffAction(c, caller),
      gymId,
      doorId: body.door_id,
      tracksVisits: body.tracks_visits,
    })
    return c.json({ data: toGymDoorResource(door) }, 200)
  })

  api.openapi(routes.memberAccess, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const { member, gymId } = await findMemberWithMoneyRight({
      db,
      caller,
      memberId: c.req.valid('param').id,
    })
    const data = await findMemberDoorAccess({
      db,
      organisationId: caller.organisationId,
      userId: member.id,
      now: c.var.now,
    })
    return c.json({ data: { ...data, member_gym_id: gymId } }, 200)
  })

  api.openapi(routes.memberCredential, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    // A door code opens the gym: those who run the member's gym only (ADR 032).
    const member = await findMemberForMoney({ db, caller, memberId: c.req.valid('param').id })
    const data = await findDoorCredential({
      db,
      providers: c.var.doors,
      organisationId: caller.organisationId,
      userId: member.id,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.recreateLogin, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const member = await findManageableMember({ db, caller, memberId: c.req.valid('param').id })
    const data = await recreateDoorCredential({
      db,
      providers: c.var.doors,
      organisationId: caller.organisationId,
      userId: member.id,
      actorId: caller.user.id,
      now: c.var.now,
    })
    return c.json({ data }, 200)
  })

  api.openapi(routes.staffAccess, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const staff = await findOrganisationStaff({ db, caller, staffId: c.req.valid('param').id })
    requireArea(caller, 'organisation')
    const updated = await setStaffDoorAccess({
      db,
      organisationId: caller.organisationId,
      staffId: staff.id,
      enabled: c.req.valid('json').enabled,
      actorId: caller.user.id,
      now: c.var.now,
    })
    return c.json({ data: { access_enabled: updated.accessEnabled } }, 200)
  })

  api.openapi(routes.sandboxPlace, async (c) => {
    const caller = await requireOrganisationAdmin(actorOf(c), c.req.valid('param').id)
    const data = await openSandboxPlace({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      name: c.req.valid('json').name,
      now: c.var.now,
    })
    return c.json({ data }, 201)
  })

  api.openapi(routes.tap, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const body = c.req.valid('json')
    const tapped = await tapDoorAsStaff({
      db: c.var.database.db,
      providers: c.var.doors,
      organisationId: caller.organisationId,
      doorId: body.door_id,
      gymIds: caller.gymIds,
      userId: body.user_id,
      credential: body.credential,
      payments: c.var.payments,
      now: c.var.now,
    })
    return c.json({ data: toTapResource(tapped) }, 200)
  })
}
