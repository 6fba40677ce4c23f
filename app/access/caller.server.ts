import { and, asc, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { type AccessInput, type ConsoleArea, type GymRoles, mayUse, seesMoneyAt } from '~/contracts/areas'
import { readTogether } from '~/db/read-together.server'
import { gyms, organisations, staffGymRoles } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { type Actor, requireSignedIn } from './actor.server'
import type { GymScope } from './scope.server'

export const unauthorisedMessage = 'This action is unauthorized.'

export interface StaffCaller {
  user: NonNullable<Actor['auth']>['user']
  organisationId: number
  /** The gyms the caller may see, by name. */
  gyms: Array<{ id: number; name: string }>
  gymIds: number[]
  isOrganisationAdmin: boolean
  /** What the navigation's visibility rule reads (ADR 014). */
  access: AccessInput
  /** The caller's role at each of their gyms: what the role-at-a-gym rule reads (ADR 032). */
  roles: GymRoles
}

/**
 * A signed-in staff member and what they may see (SPEC §6): an organisation admin every gym of the
 * organisation, anyone else the gyms of their `staff_gym_roles`. A member is refused with a 403.
 */
export function requireStaff(actor: Actor): Promise<StaffCaller> {
  const user = requireStaffUser(actor)
  const key = actor.auth ?? actor
  let caller = callers.get(key)
  if (!caller) {
    caller = readStaffCaller(actor.db, user)
    callers.set(key, caller)
  }
  return caller
}

/** The staff caller of each request's session, read once however many rules ask (the session row is the request's own). */
const callers = new WeakMap<object, Promise<StaffCaller>>()

async function readStaffCaller(db: Actor['db'], user: StaffCaller['user']): Promise<StaffCaller> {
  const organisationId = user.organisationId
  const isOrganisationAdmin = user.organisationRole === 'admin'
  // Both at once: every staff call starts here.
  const [[organisation], rows] = await readTogether(db, [
    () =>
      db
        .select({ multiGym: organisations.multiGym })
        .from(organisations)
        .where(eq(organisations.id, organisationId)),
    () =>
      isOrganisationAdmin
        ? db
            .select({ id: gyms.id, name: gyms.name, role: staffGymRoles.role })
            .from(gyms)
            .leftJoin(staffGymRoles, and(eq(staffGymRoles.gymId, gyms.id), eq(staffGymRoles.userId, user.id)))
            .where(ownedBy(gyms, organisationId))
            .orderBy(asc(gyms.name), asc(gyms.id))
        : db
            .select({ id: gyms.id, name: gyms.name, role: staffGymRoles.role })
            .from(staffGymRoles)
            .innerJoin(gyms, eq(gyms.id, staffGymRoles.gymId))
            .where(
              and(
                eq(staffGymRoles.userId, user.id),
                ownedBy(staffGymRoles, organisationId),
                ownedBy(gyms, organisationId),
              ),
            )
            .orderBy(asc(gyms.name), asc(gyms.id)),
  ])
  const visible = rows.map((row) => ({ id: row.id, name: row.name }))
  return {
    user,
    organisationId,
    gyms: visible,
    gymIds: visible.map((gym) => gym.id),
    isOrganisationAdmin,
    access: {
      organisationRole: isOrganisationAdmin ? 'admin' : null,
      gymRoles: rows.map((row) => (isOrganisationAdmin ? (row.role ?? 'admin') : row.role)),
      multiGym: organisation?.multiGym ?? false,
    },
    roles: {
      organisationRole: isOrganisationAdmin ? 'admin' : null,
      gyms: rows.map((row) => ({ id: row.id, role: isOrganisationAdmin ? 'admin' : row.role })),
    },
  }
}

/**
 * Whether an answer about the gyms of `scope` may hold money and door codes (ADR 032): the caller runs
 * every gym it covers (`seesMoneyAt`); the whole organisation only for an organisation admin.
 */
export function seesMoneyIn(caller: StaffCaller, scope: GymScope): boolean {
  if (caller.isOrganisationAdmin) return true
  if (scope.wholeOrganisation || scope.gymIds.length === 0) return false
  return scope.gymIds.every((gymId) => seesMoneyAt(caller.roles, gymId))
}

/** A signed-in staff member, without reading their gyms (a call that reads them in its own query). */
export function requireStaffUser(actor: Actor): StaffCaller['user'] {
  const { user } = requireSignedIn(actor)
  if (!user.isStaff) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return user
}

/** May the caller use this part of the console (ADR 014)? The navigation shows exactly these. */
export function callerMayUse(caller: StaffCaller, area: ConsoleArea): boolean {
  return mayUse(caller.access, area)
}

/** Refuses (403) a caller the navigation would not offer this part of the console to. */
export function requireArea(caller: StaffCaller, area: ConsoleArea): void {
  if (!callerMayUse(caller, area)) throw new AppError('FORBIDDEN', unauthorisedMessage)
}

/**
 * The gyms a query covers: the one asked for, or all the caller's. A gym the caller may not see (another
 * organisation's included) is reported as unknown, so its existence leaks nothing.
 */
export function gymScope(caller: StaffCaller, gymId: number | undefined): GymScope {
  if (gymId === undefined) return { gymIds: caller.gymIds, wholeOrganisation: caller.isOrganisationAdmin }
  if (!caller.gymIds.includes(gymId)) throw new AppError('NOT_FOUND', 'Gym not found.')
  return { gymIds: [gymId], wholeOrganisation: false }
}

/**
 * The gyms whose money a query covers (payments, ADR 014): like `gymScope`, but only the gyms the caller
 * runs (organisation admins: all). A gym they work at only as a trainer is a 403; one they don't work at
 * is unknown (404).
 */
export function moneyScope(caller: StaffCaller, gymId: number | undefined): GymScope {
  if (caller.isOrganisationAdmin) return gymScope(caller, gymId)
  const adminGymIds = runGyms(caller).map((gym) => gym.id)
  if (gymId === undefined) return { gymIds: adminGymIds, wholeOrganisation: false }
  if (!caller.gymIds.includes(gymId)) throw new AppError('NOT_FOUND', 'Gym not found.')
  if (!adminGymIds.includes(gymId)) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return { gymIds: [gymId], wholeOrganisation: false }
}

/** The gyms the caller runs (organisation admins: all), whose money they see (ADR 032). */
export function runGyms(caller: StaffCaller): StaffCaller['gyms'] {
  return caller.gyms.filter((gym) => seesMoneyAt(caller.roles, gym.id))
}

/** An organisation admin of `organisationId`; another organisation is a 404, other staff a 403. */
export async function requireOrganisationAdmin(actor: Actor, organisationId: number) {
  const caller = await requireStaff(actor)
  requireOwnOrganisation(caller, organisationId)
  if (!caller.isOrganisationAdmin) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return caller
}

/** The organisation itself: a staff member of another one is told it doesn't exist. */
export function requireOwnOrganisation(caller: StaffCaller, organisationId: number): void {
  if (caller.organisationId !== organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.')
}

/** A gym the caller sees; any other (another organisation's included) is unknown to them. */
export function requireVisibleGym(caller: StaffCaller, gymId: number): void {
  if (!caller.gymIds.includes(gymId)) throw new AppError('NOT_FOUND', 'Gym not found.')
}
