import { organisationRoles, staffRoles } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { staffGymRoles, users } from '~/db/schema'
import { z } from '~/lib/validation'
import { assertOrganisationGyms } from '../gyms/assert-organisation-gyms.server'
import { idSchema, parseInput, validationError } from '../service-input.server'
import { newUserColumns, newUserInputSchema } from './new-user.server'

export type User = typeof users.$inferSelect
export type StaffGymRole = typeof staffGymRoles.$inferSelect

const inputSchema = z.object({
  organisationId: idSchema,
  ...newUserInputSchema,
  /** `admin` makes an organisation admin; null for staff who only hold per-gym roles. */
  organisationRole: z.enum(organisationRoles).nullable(),
  gymRoles: z
    .array(z.object({ gymId: idSchema, role: z.enum(staffRoles) }))
    .refine(
      (roles) => new Set(roles.map((role) => role.gymId)).size === roles.length,
      'A gym is listed twice.',
    ),
  emailVerified: z.boolean().default(false),
  mobileNumber: z.string().trim().min(1).max(30).nullish(),
  profilePicture: z.string().min(1).nullish(),
  /** Door access is granted to staff by hand (members get it through their subscription). */
  accessEnabled: z.boolean().default(false),
})

export type CreateStaffUserInput = z.input<typeof inputSchema>

export interface StaffUser {
  user: User
  gymRoles: StaffGymRole[]
}

/** A back-office user (`is_staff`) with an organisation role and/or a role at each of some gyms (SPEC §6). */
export async function createStaffUser(
  options: CreateStaffUserInput & { db: Db; now: Date },
): Promise<StaffUser> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  if (input.organisationRole === null && input.gymRoles.length === 0) {
    // SPEC §5: a staff member needs a role; without one they could sign in and see nothing.
    throw validationError('role', 'Value is required')
  }
  await assertOrganisationGyms({
    db,
    organisationId: input.organisationId,
    gymIds: input.gymRoles.map((r) => r.gymId),
  })
  const account = await newUserColumns({ db, now, input })

  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        ...account,
        isStaff: true,
        organisationRole: input.organisationRole,
        mobileNumber: input.mobileNumber ?? null,
        profilePicture: input.profilePicture ?? null,
        currentGymId: input.gymRoles[0]?.gymId ?? null,
        accessEnabled: input.accessEnabled,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!user) throw new Error('Inserting the staff user returned no row')
    const gymRoles =
      input.gymRoles.length === 0
        ? []
        : await tx
            .insert(staffGymRoles)
            .values(
              input.gymRoles.map((gymRole) => ({
                organisationId: input.organisationId,
                userId: user.id,
                gymId: gymRole.gymId,
                role: gymRole.role,
                createdAt: now,
                updatedAt: now,
              })),
            )
            .returning()
    return { user, gymRoles }
  })
}
