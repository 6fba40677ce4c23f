import { redirect } from '@tanstack/react-router'
import { accessOf, type ConsoleArea, mayUse } from '~/contracts/areas'
import type { SessionUser } from '~/contracts/auth'

/**
 * A console screen's guard from the navigation's rule (ADR 014): someone the menu doesn't offer the
 * screen to goes to the dashboard, rather than meeting the API's 403.
 */
export function requireConsoleArea(user: SessionUser, area: ConsoleArea) {
  if (!mayUse(accessOf(user), area)) throw redirect({ to: '/console/dashboard' })
}

/**
 * Whether a screen was opened for a gym the user doesn't work at (`?gym_id=` of another gym or another
 * organisation's): the screen says so rather than quietly showing one of their own gyms (issue 13).
 * The same rule as the API's gym scope: an organisation admin's gyms are all the organisation's.
 */
export function isOutsideGyms(user: SessionUser, gymId: number | undefined): boolean {
  return gymId !== undefined && !user.gyms.some((gym) => gym.id === gymId)
}

/**
 * A gym screen's loader: it reads what the screen shows, unless the screen was opened for a gym the user
 * doesn't work at (the screen then says so and reads nothing).
 */
export async function loadForOwnGym(
  user: SessionUser,
  gymId: number | undefined,
  load: () => Promise<unknown>,
): Promise<void> {
  if (isOutsideGyms(user, gymId)) return
  await load()
}

/** The organisation the user works in now; 0 before they have one (its reads then find nothing). */
export function organisationIdOf(user: SessionUser): number {
  return user.current_organisation?.id ?? 0
}
