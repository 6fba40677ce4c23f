import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { staffRoutes } from '~/contracts/api/staff.routes'
import {
  inviteStaffRequestSchema,
  staffExistsRequestSchema,
  staffQuerySchema,
  updateStaffRolesRequestSchema,
} from '~/contracts/staff'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

const byId = z.object({ id: recordId })

/** `GET /api/organisations/{id}/staff`: one page of the organisation's staff. */
export const fetchStaffList = createServerFn({ method: 'GET' })
  .validator(staffQuerySchema.extend({ organisation_id: recordId }))
  .handler(({ data: { organisation_id, ...query } }) =>
    api().call(staffRoutes.list, { params: { id: organisation_id }, query }),
  )

/** `GET /api/staff/{id}`: one staff member. */
export const fetchStaffMember = createServerFn({ method: 'GET' })
  .validator(byId)
  .handler(({ data }) => api().data(staffRoutes.show, { params: data }))

/** `POST /api/organisations/{id}/staff-exists`: whether an address is already someone's. */
export const checkStaffEmail = createServerFn({ method: 'POST' })
  .validator(staffExistsRequestSchema.extend({ organisation_id: recordId }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(staffRoutes.exists, { params: { id: data.organisation_id }, body: { email: data.email } }),
    ),
  )

/** `POST /api/organisations/{id}/staff`: add a staff member and e-mail them an invitation. */
export const inviteStaffMember = createServerFn({ method: 'POST' })
  .validator(z.object({ organisation_id: recordId, staff: inviteStaffRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().call(staffRoutes.invite, { params: { id: data.organisation_id }, body: data.staff }),
    ),
  )

/** `PUT /api/staff/{id}`: their roles, organisation-wide and per gym. */
export const saveStaffRoles = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, roles: updateStaffRolesRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() => api().call(staffRoutes.update, { params: { id: data.id }, body: data.roles })),
  )

/** `POST /api/staff/{id}/resend-invitation`. */
export const resendStaffInvitation = createServerFn({ method: 'POST' })
  .validator(byId)
  .handler(({ data }) => toActionResult(() => api().call(staffRoutes.resendInvitation, { params: data })))

/** `DELETE /api/staff/{id}`: deactivate; every session of theirs ends. */
export const deactivateStaffMember = createServerFn({ method: 'POST' })
  .validator(byId)
  .handler(({ data }) => toActionResult(() => api().call(staffRoutes.deactivate, { params: data })))
