import { staffRoles } from '~/contracts/enums'
import { pageFields } from '~/contracts/list-fields'
import { staffSorts, staffStatuses } from '~/contracts/staff-filters'
import { queryRecordId, recordId, z } from '~/lib/validation'

export * from '~/contracts/staff-filters'

/**
 * The organisation's staff (SPEC §3 Staff member, §7 Staff; issue 17). `role` is the organisation-wide
 * role: `admin` (an organisation admin: every gym), `personal_trainer` (a trainer at every gym), or `-1`:
 * the roles in `gyms`, one per gym (SPEC §6).
 */
export const perGymRole = -1
export const staffMemberRoleSchema = z.union([z.enum(staffRoles), z.literal(perGymRole)], {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Value is required'
      : 'Value must be one of: admin, personal_trainer, -1',
})
export type StaffMemberRole = z.infer<typeof staffMemberRoleSchema>

export const staffGymRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(staffRoles),
})

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** An address of the photo, or null. */
  profile_picture: z.string().nullable(),
  role: staffMemberRoleSchema,
  /** Their role at each gym they hold one at, by gym name. */
  gyms: z.array(staffGymRoleSchema),
  /** Invitations sent and not yet taken up; 0 once they set their password (SPEC §4). */
  pending_invite: z.number().int(),
  /** Door access for staff, granted by hand. */
  access_enabled: z.boolean(),
  /** Their own successful entries at the organisation's doors. */
  visits_count: z.number().int(),
  created_at: z.string(),
  /** Set once deactivated: they can no longer sign in. */
  deleted_at: z.string().nullable(),
})
export type StaffMember = z.infer<typeof staffMemberSchema>

/** The list's filters, sort and page, as a query string. */
export const staffQuerySchema = z.object({
  /** A name or e-mail, or part of it. */
  search: z.string().trim().max(200).optional(),
  /** Everyone still on the staff when absent. */
  status: z.enum(staffStatuses).optional(),
  gym_id: queryRecordId.optional(),
  sort: z.enum(staffSorts).default('name'),
  ...pageFields(),
})
export type StaffQuery = z.input<typeof staffQuerySchema>

const email = z.string().trim().min(1).max(254).pipe(z.email())

export const staffExistsRequestSchema = z.object({ email })

export const staffExistsSchema = z.object({
  /** The address already belongs to someone of the organisation (staff or member). */
  exists: z.boolean(),
  /** Their staff record, when it is a staff member's. */
  staff_id: z.number().int().nullable(),
  /** What the invite form says under the address, or null when it is free. */
  message: z.string().nullable(),
})
export type StaffExists = z.infer<typeof staffExistsSchema>

/** A role given at one gym. */
export const gymRolePairSchema = z.object({ id: recordId, role: z.enum(staffRoles) })

export const chooseGymRoleMessage = 'Give them a role at one gym at least'

const roleFields = {
  /** `admin`, `personal_trainer`, or -1 for a role per gym. */
  role: staffMemberRoleSchema,
  gyms: z.array(gymRolePairSchema).max(200).default([]),
}

function gymsChecked<T extends z.ZodType<{ role: StaffMemberRole; gyms: Array<{ id: number }> }>>(schema: T) {
  return schema
    .refine((value) => value.role !== perGymRole || value.gyms.length > 0, {
      path: ['gyms'],
      message: chooseGymRoleMessage,
    })
    .refine((value) => new Set(value.gyms.map((gym) => gym.id)).size === value.gyms.length, {
      path: ['gyms'],
      message: 'A gym is listed twice',
    })
}

/**
 * Invite (or add) a staff member. SPEC §5: email and role required; name required unless inviting (an
 * invited person without a name is called by their address until someone changes it).
 */
export const inviteStaffRequestSchema = gymsChecked(
  z
    .object({
      inviting: z.boolean().default(true),
      name: z.string().trim().max(120).optional(),
      email,
      ...roleFields,
    })
    .refine((value) => value.inviting !== false || (typeof value.name === 'string' && value.name !== ''), {
      path: ['name'],
      message: 'Value is required',
      // Said beside the other fields' messages, not only once they are right.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
)
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>

/** Change a staff member's roles: the organisation-wide role and the role at each gym. */
export const updateStaffRolesRequestSchema = gymsChecked(z.object(roleFields))
export type UpdateStaffRolesRequest = z.input<typeof updateStaffRolesRequestSchema>

export const staffRoleLabels = { admin: 'Admin', personal_trainer: 'Personal Trainer' } as const

/** How the role reads on the screens. */
export function describeStaffRole(role: StaffMemberRole): string {
  if (role === 'admin') return 'Organisation admin'
  if (role === 'personal_trainer') return 'Personal Trainer at every gym'
  return 'A role per gym'
}
