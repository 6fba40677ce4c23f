import { AppError } from '~/lib/errors'
import { requireArea, type StaffCaller } from './caller.server'

/**
 * A gym's set-up (its logo, bank account, card payments; issue 17) is changed by organisation admins
 * only: the gyms screens are the "organisation" area (ADR 014), and a gym admin has no gyms screen to
 * change them from. Another organisation's gym, or one the caller doesn't work at, is unknown (404);
 * one they work at but may not set up, a 403.
 */
export function requireGymToSetUp(caller: StaffCaller, gymId: number): void {
  if (!caller.gymIds.includes(gymId)) throw new AppError('NOT_FOUND', 'Gym not found.')
  requireArea(caller, 'organisation')
}
