/**
 * Who may use which part of the console (ADR 014). One rule, read by the side navigation to decide
 * which entries a user sees and by the API to decide what it answers, so a screen is never offered to
 * someone the API would refuse. Isomorphic and pure.
 */

import type { SessionUser } from '~/contracts/auth'

export type GymRole = 'admin' | 'personal_trainer'

/** What the rule reads about a staff user: their organisation role and their role at each of their gyms. */
export interface AccessInput {
  organisationRole: 'admin' | null
  gymRoles: ReadonlyArray<GymRole | null>
  /** The organisation runs more than one gym. */
  multiGym: boolean
}

/** The derived roles of SPEC §6, as the navigation bottom box lists them. */
export interface DerivedRoles {
  isOrganisationAdmin: boolean
  /** Admin of at least one gym, and not an organisation admin. */
  isGymAdmin: boolean
  /** A gym admin of more than one gym counts as multi-gym (SPEC §6). */
  isMultiGymAdmin: boolean
  isOrganisationMultiGym: boolean
}

export function derivedRoles(input: AccessInput): DerivedRoles {
  const isOrganisationAdmin = input.organisationRole === 'admin'
  const adminGyms = input.gymRoles.filter((role) => role === 'admin').length
  const isGymAdmin = !isOrganisationAdmin && adminGyms > 0
  return {
    isOrganisationAdmin,
    isGymAdmin,
    isMultiGymAdmin: isGymAdmin && adminGyms > 1,
    isOrganisationMultiGym: input.multiGym,
  }
}

/** The parts of the console; each navigation entry names the one it belongs to. */
export const consoleAreas = [
  'dashboard',
  'members',
  'visits',
  'payments',
  'offerings',
  'price_changes',
  'organisation',
] as const
export type ConsoleArea = (typeof consoleAreas)[number]

/**
 * Every staff user: the dashboard, members and visits of their gyms. Admins (of the organisation or of
 * a gym) also: payments and money figures, offerings and price changes. Organisation admins also: the
 * Organisation group (staff, gyms, settings, pro rata).
 */
export function mayUse(input: AccessInput, area: ConsoleArea): boolean {
  const roles = derivedRoles(input)
  switch (area) {
    case 'dashboard':
    case 'members':
    case 'visits':
      return true
    case 'payments':
    case 'offerings':
    case 'price_changes':
      return roles.isOrganisationAdmin || roles.isGymAdmin
    case 'organisation':
      return roles.isOrganisationAdmin
  }
}

/** A staff user's gyms with their role at each: what the role-at-a-gym rule reads (ADR 032). */
export interface GymRoles {
  organisationRole: 'admin' | null
  gyms: ReadonlyArray<{ id: number; role: GymRole | null }>
}

/**
 * The role at one gym (ADR 032): an organisation admin runs every gym; anyone else has the role of their
 * `staff_gym_roles` row there, or none (null) at a gym they don't work at.
 */
export function roleAt(roles: GymRoles, gymId: number): GymRole | null {
  if (roles.organisationRole === 'admin') return 'admin'
  return roles.gyms.find((gym) => gym.id === gymId)?.role ?? null
}

/**
 * Money (collections, payments and their amounts, prices paid, balances) and door codes of the gym a
 * screen or an answer shows (ADR 032): only for someone who runs it. `gymId` is the gym shown; null or
 * undefined means every gym the user has, which they must then run all of. A personal trainer at the
 * gym shown sees none, whatever they are at another gym.
 */
export function seesMoneyAt(roles: GymRoles, gymId: number | null | undefined): boolean {
  if (roles.organisationRole === 'admin') return true
  const shown = gymId == null ? roles.gyms.map((gym) => gym.id) : [gymId]
  return shown.length > 0 && shown.every((id) => roleAt(roles, id) === 'admin')
}

/** The role-at-a-gym rule's input, from the session user. */
export function gymRolesOf(user: SessionUser): GymRoles {
  return { organisationRole: user.current_organisation?.role ?? null, gyms: user.gyms }
}

/** What the access rule reads, from the session user. */
export function accessOf(user: SessionUser): AccessInput {
  return {
    organisationRole: user.current_organisation?.role ?? null,
    gymRoles: user.gyms.map((gym) => gym.role),
    multiGym: user.current_organisation?.multi_gym ?? false,
  }
}
