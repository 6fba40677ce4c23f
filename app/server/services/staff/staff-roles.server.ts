import { and, eq, isNull, ne } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { OrganisationRole, StaffRole } from '~/contracts/enums'
import { perGymRole, type StaffMemberRole } from '~/contracts/staff'
import type { Db } from '~/db/client.server'
import { gyms, organisations, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { assertOrganisationGyms } from '../gyms/assert-organisation-gyms.server'

export interface ResolvedRoles {
  organisationRole: OrganisationRole | null
  gymRoles: Array<{ gymId: number; role: StaffRole }>
}

/**
 * The rows SPEC §6's roles are kept in: `admin` is an organisation admin (any gym roles given are kept
 * beside it), `personal_trainer` a trainer at every gym of the organisation, -1 the roles given per gym.
 */
export async function resolveStaffRoles(options: {
  db: Db
  organisationId: number
  role: StaffMemberRole
  gyms: ReadonlyArray<{ id: number; role: StaffRole }>
}): Promise<ResolvedRoles> {
  const { db, organisationId } = options
  if (options.role === 'personal_trainer') {
    const all = await db.select({ id: gyms.id }).from(gyms).where(ownedBy(gyms, organisationId))
    return {
      organisationRole: null,
      gymRoles: all.map((gym) => ({ gymId: gym.id, role: 'personal_trainer' })),
    }
  }
  await assertOrganisationGyms({ db, organisationId, gymIds: options.gyms.map((gym) => gym.id) })
  const gymRoles = options.gyms.map((gym) => ({ gymId: gym.id, role: gym.role }))
  if (options.role === perGymRole && gymRoles.length === 0) {
    throw new AppError('VALIDATION', 'Give them a role at one gym at least', {
      fieldErrors: { gyms: ['Give them a role at one gym at least'] },
    })
  }
  return { organisationRole: options.role === 'admin' ? 'admin' : null, gymRoles }
}

/**
 * Serialises every change to who administers the organisation: the organisation's row is locked until
 * the transaction ends, so two admins demoting or deactivating each other at once cannot both succeed.
 */
export async function lockOrganisation(tx: Db, organisationId: number): Promise<void> {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update')
}

export const lastOrganisationAdminMessage =
  'The organisation must keep at least one organisation admin. Make someone else an organisation admin first.'

/** Refuses (409) a change that would leave the organisation without an active organisation admin. */
export async function assertAnotherOrganisationAdmin(options: {
  db: Db
  organisationId: number
  userId: number
}): Promise<void> {
  const [other] = await options.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        ownedBy(users, options.organisationId),
        eq(users.isStaff, true),
        eq(users.organisationRole, 'admin'),
        isNull(users.deletedAt),
        ne(users.id, options.userId),
      ),
    )
    .limit(1)
  if (!other) throw new AppError('CONFLICT', lastOrganisationAdminMessage)
}
