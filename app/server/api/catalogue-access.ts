import { and, eq, inArray } from 'drizzle-orm'
import type { Context } from 'hono'
import { offeringGyms, offerings } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { requireArea, requireStaff, type StaffCaller, unauthorisedMessage } from './authorise'
import type { ApiEnv } from './context'

/**
 * Who may see and change the catalogue (ADR 013):
 * - every staff member sees the offerings available at their gyms (an organisation admin: all of them);
 * - an organisation admin changes any offering, price and setting;
 * - a gym admin changes offerings (and their prices and links) that give access only to gyms they
 *   administer, and creates offerings for those gyms;
 * - a personal trainer has no part in the catalogue (the offerings area of ADR 014): 403.
 * An offering the caller cannot see answers 404, exactly like another organisation's.
 */
export interface CatalogueCaller extends StaffCaller {
  /** Gyms where the caller is a gym admin (every gym for an organisation admin). */
  adminGymIds: number[]
}

export async function requireCatalogueCaller(c: Context<ApiEnv>): Promise<CatalogueCaller> {
  const caller = await requireStaff(c)
  // The offerings area of the console (ADR 014): organisation and gym admins; trainers get a 403.
  requireArea(caller, 'offerings')
  // `access.gymRoles` lists the caller's role at each of `gyms`, in the same order (authorise.ts).
  const adminGymIds = caller.gyms
    .filter((_, index) => caller.isOrganisationAdmin || caller.access.gymRoles[index] === 'admin')
    .map((gym) => gym.id)
  return { ...caller, adminGymIds }
}

/** An organisation admin of `organisationId`; another organisation is a 404, other staff a 403. */
export async function requireOrganisationAdmin(c: Context<ApiEnv>, organisationId: number) {
  const caller = await requireStaff(c)
  if (caller.organisationId !== organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.')
  if (!caller.isOrganisationAdmin) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return caller
}

export interface OfferingReach {
  allGymsAccess: boolean
  gymIds: readonly number[]
}

export function canSeeOffering(caller: CatalogueCaller, offering: OfferingReach): boolean {
  if (caller.isOrganisationAdmin || offering.allGymsAccess) return true
  return offering.gymIds.some((gymId) => caller.gymIds.includes(gymId))
}

export function canManageOffering(caller: CatalogueCaller, offering: OfferingReach): boolean {
  if (caller.isOrganisationAdmin) return true
  if (offering.allGymsAccess || offering.gymIds.length === 0) return false
  return offering.gymIds.every((gymId) => caller.adminGymIds.includes(gymId))
}

/** The offering's reach, if it is the caller's organisation's and visible to them; else 404. */
export async function findVisibleOffering(
  c: Context<ApiEnv>,
  caller: CatalogueCaller,
  offeringId: number,
): Promise<typeof offerings.$inferSelect & OfferingReach> {
  const db = c.var.database.db
  const [offering] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.id, offeringId), eq(offerings.organisationId, caller.organisationId)))
  if (!offering) throw new AppError('NOT_FOUND', 'Offering not found.')
  const gymIds = (await offeringGymIds(c, [offering.id])).get(offering.id) ?? []
  const reach = { ...offering, gymIds }
  if (!canSeeOffering(caller, reach)) throw new AppError('NOT_FOUND', 'Offering not found.')
  return reach
}

/** `findVisibleOffering`, then a 403 unless the caller may change it. */
export async function findManageableOffering(
  c: Context<ApiEnv>,
  caller: CatalogueCaller,
  offeringId: number,
) {
  const offering = await findVisibleOffering(c, caller, offeringId)
  if (!canManageOffering(caller, offering)) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return offering
}

export async function offeringGymIds(
  c: Context<ApiEnv>,
  offeringIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byOffering = new Map<number, number[]>()
  if (offeringIds.length === 0) return byOffering
  const rows = await c.var.database.db
    .select({ offeringId: offeringGyms.offeringId, gymId: offeringGyms.gymId })
    .from(offeringGyms)
    .where(inArray(offeringGyms.offeringId, [...offeringIds]))
  for (const row of rows) {
    const list = byOffering.get(row.offeringId) ?? []
    list.push(row.gymId)
    byOffering.set(row.offeringId, list)
  }
  return byOffering
}
