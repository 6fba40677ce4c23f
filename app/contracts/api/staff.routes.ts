import {
  inviteStaffRequestSchema,
  staffExistsRequestSchema,
  staffExistsSchema,
  staffMemberSchema,
  staffQuerySchema,
  updateStaffRolesRequestSchema,
} from '~/contracts/staff'
import { z } from '~/lib/validation'
import { dataEnvelope } from './envelope'
import {
  dataResponse,
  errorResponses,
  idParams,
  jsonBody,
  jsonResponse,
  messageResponse,
  pageResponse,
  routeGroup,
  staffErrors,
} from './openapi'

/**
 * The organisation's staff (SPEC §7 Staff, issue 17). Organisation admins see and change everyone; a
 * gym admin may read the staff of the gyms they run; anyone else is refused. A staff member the caller
 * may not see, another organisation's included, is a 404.
 */

const { route } = routeGroup(['Staff'], staffErrors)

export const staffRoutes = {
  list: route('get', '/organisations/{id}/staff', {
    summary: 'The organisation’s staff, filtered, sorted and paged',
    description:
      'Everyone still on the staff unless `status` asks for the active, the invited or the deactivated. ' +
      '`search` a name or e-mail; `gym_id` those with a role at that gym. A gym admin gets the staff of ' +
      'the gyms they run, with those gyms’ roles only.',
    request: { params: idParams, query: staffQuerySchema },
    responses: { 200: pageResponse('A page of staff', staffMemberSchema) },
  }),
  show: route('get', '/staff/{id}', {
    summary: 'One staff member',
    request: { params: idParams },
    responses: { 200: dataResponse('The staff member', staffMemberSchema) },
  }),
  exists: route('post', '/organisations/{id}/staff-exists', {
    summary: 'Whether an address already belongs to someone of the organisation',
    description: 'Organisation admins, before inviting. `staff_id` names the staff member it belongs to.',
    request: { params: idParams, ...jsonBody(staffExistsRequestSchema) },
    responses: { 200: dataResponse('The answer', staffExistsSchema) },
  }),
  invite: route('post', '/organisations/{id}/staff', {
    summary: 'Add a staff member, and invite them by e-mail',
    description:
      'Organisation admins. SPEC §5: `email` and `role` required, `name` unless `inviting`. `role` is ' +
      '`admin` (organisation admin), `personal_trainer` (at every gym) or -1 with `gyms` as id/role ' +
      'pairs. Inviting e-mails a link to set a password, valid 7 days. Audited.',
    request: { params: idParams, ...jsonBody(inviteStaffRequestSchema) },
    responses: {
      201: jsonResponse(
        'The new staff member',
        dataEnvelope(staffMemberSchema).extend({ message: z.string() }),
      ),
    },
  }),
  update: route('put', '/staff/{id}', {
    summary: 'Change a staff member’s roles',
    description:
      'Organisation admins. Replaces the organisation-wide role and every gym role. Refused (409) when ' +
      'it would take the caller’s own last admin role, or leave the organisation with no organisation ' +
      'admin. Audited with the roles before and after.',
    request: { params: idParams, ...jsonBody(updateStaffRolesRequestSchema) },
    responses: {
      200: jsonResponse('The staff member', dataEnvelope(staffMemberSchema).extend({ message: z.string() })),
      409: errorResponses[409],
    },
  }),
  resendInvitation: route('post', '/staff/{id}/resend-invitation', {
    summary: 'E-mail a staff member a new invitation link',
    description:
      'Organisation admins, while the invitation is pending. The old link stops working. At most one a ' +
      'minute and five an hour per staff member (429 with Retry-After, in words). Audited.',
    request: { params: idParams },
    responses: {
      200: messageResponse,
      409: errorResponses[409],
      429: errorResponses[429],
    },
  }),
  deactivate: route('delete', '/staff/{id}', {
    summary: 'Deactivate a staff member',
    description:
      'Organisation admins. Sets `deleted_at`; every session of theirs ends at once and they can no ' +
      'longer sign in. Not yourself, and not the organisation’s last organisation admin (409). Audited.',
    request: { params: idParams },
    responses: { 200: messageResponse, ...staffErrors, 409: errorResponses[409] },
  }),
}
