import { createServerFn } from '@tanstack/react-start'
import { accessControlRoutes } from '~/contracts/api/access-control.routes'
import { api } from '~/contracts/api/client.server'
import { connectDoorSystemRequestSchema, linkPlaceRequestSchema, tapRequestSchema } from '~/contracts/doors'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** `GET /api/gyms/{id}/access-control`: the gym's place and doors. */
export const fetchGymDoors = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(accessControlRoutes.gymDoors, { params: data }))

/** `POST /api/organisations/{id}/access-control/integration`: connect the door system. */
export const connectDoors = createServerFn({ method: 'POST' })
  .validator(z.object({ organisationId: recordId, request: connectDoorSystemRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(accessControlRoutes.connect, {
        params: { id: data.organisationId },
        body: data.request,
      }),
    ),
  )

/** `POST /api/organisations/{id}/access-control/sandbox-places`: a new place in the sandbox. */
export const openSandboxPlace = createServerFn({ method: 'POST' })
  .validator(z.object({ organisationId: recordId, name: z.string().max(120) }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(accessControlRoutes.sandboxPlace, {
        params: { id: data.organisationId },
        body: { name: data.name },
      }),
    ),
  )

/** `POST /api/gyms/{id}/access-control/places`: link the gym to one of the door system's places. */
export const linkPlace = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, request: linkPlaceRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(accessControlRoutes.linkPlace, { params: { id: data.id }, body: data.request }),
    ),
  )

/** `PUT /api/gyms/{id}/tracks-visits`: a door's unlocks count as visits, or not. */
export const setTracksVisits = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, door_id: recordId, tracks_visits: z.boolean() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(accessControlRoutes.tracksVisits, {
        params: { id: data.id },
        body: { door_id: data.door_id, tracks_visits: data.tracks_visits },
      }),
    ),
  )

/** `GET /api/members/{id}/access-control`: what the member may open now, and why not. */
export const fetchMemberDoorAccess = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(accessControlRoutes.memberAccess, { params: data }))

/** `GET /api/members/{id}/access-control-credentials`: what they tap, or null. */
export const fetchMemberDoorCredential = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(accessControlRoutes.memberCredential, { params: data }))

/** `POST /api/users/{id}/recreate-kisi-login`: a new credential; the old one stops opening. */
export const recreateDoorLogin = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) =>
    toActionResult(() => api().data(accessControlRoutes.recreateLogin, { params: data })),
  )

/** `POST /api/staff/{id}/kisi-access`: door access for a staff member, on or off. */
export const setStaffDoorAccess = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, enabled: z.boolean() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(accessControlRoutes.staffAccess, {
        params: { id: data.id },
        body: { enabled: data.enabled },
      }),
    ),
  )

/** `POST /api/access-control/taps`: the sandbox's door, tapped. */
export const tapDoor = createServerFn({ method: 'POST' })
  .validator(tapRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(accessControlRoutes.tap, { body: data })))
