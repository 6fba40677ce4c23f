import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { offeringGyms, offerings, prices } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { Actor } from './actor.server'
import { requireArea, requireStaff, type StaffCaller, unauthorisedMessage } from './caller.server'
import { ownedBy } from './scope.server'

/**
 * Who may see and change the catalogue (ADR 013):
 * - every staff member sees the offerings available at their gyms (an organisation admin: all of them);
 * - an organisation admin changes any offering, price and setting;
 * - a gym admin changes offerings (and their prices and links) that give access only to gyms they
 *   administer, and creates offerings for those gyms;
 * - a personal trainer has no part in the catalogue (the offerings area of ADR 014): 403.
 * An offering the caller cannot see answers 404, exactly like another organisation's.
 */

/** What the catalogue's rules read about a viewer: plain values, so queries can take them too. */
export interface OfferingViewer {
  organisationId: number
  isOrganisationAdmin: boolean
  /** Gyms the viewer sees. */
  gymIds: readonly number[]
  /** Gyms where the viewer is a gym admin (every gym for an organisation admin). */
  adminGymIds: readonly number[]
}

/** What seeing the catalogue takes: any staff member is such a viewer. */
export type CatalogueReader = Pick<OfferingViewer, 'organisationId' | 'isOrganisationAdmin' | 'gymIds'>

export interface CatalogueCaller extends StaffCaller, OfferingViewer {
  gymIds: number[]
  adminGymIds: number[]
}

export async function requireCatalogueCaller(actor: Actor): Promise<CatalogueCaller> {
  const caller = await requireStaff(actor)
  // The offerings area of the console (ADR 014): organisation and gym admins; trainers get a 403.
  requireArea(caller, 'offerings')
  // `access.gymRoles` lists the caller's role at each of `gyms`, in the same order (caller.server.ts).
  const adminGymIds = caller.gyms
    .filter((_, index) => caller.isOrganisationAdmin || caller.access.gymRoles[index] === 'admin')
    .map((gym) => gym.id)
  return { ...caller, adminGymIds }
}

export interface OfferingReach {
  allGymsAccess: boolean
  gymIds: readonly number[]
}

export function canSeeOffering(viewer: CatalogueReader, offering: OfferingReach): boolean {
  if (viewer.isOrganisationAdmin || offering.allGymsAccess) return true
  return offering.gymIds.some((gymId) => viewer.gymIds.includes(gymId))
}

export function canManageOffering(viewer: OfferingViewer, offering: OfferingReach): boolean {
  if (viewer.isOrganisationAdmin) return true
  if (offering.allGymsAccess || offering.gymIds.length === 0) return false
  return offering.gymIds.every((gymId) => viewer.adminGymIds.includes(gymId))
}

/**
 * May the viewer create an offering with this reach? A gym admin only for gyms they administer; an
 * all-gyms offering is the organisation admins' (ADR 013). A gym outside the viewer's sight is a field
 * error (it may not exist), one they see but don't run a 403.
 */
export function assertMayCreateOffering(viewer: OfferingViewer, offering: OfferingReach): void {
  if (canManageOffering(viewer, offering)) return
  const foreign = offering.gymIds.some((gymId) => !viewer.gymIds.includes(gymId))
  if (foreign && !offering.allGymsAccess) {
    const message = 'The selected gym is invalid.'
    throw new AppError('VALIDATION', message, { fieldErrors: { gyms: [message] } })
  }
  throw new AppError('FORBIDDEN', unauthorisedMessage)
}

/** The offering's reach, if it is the viewer's organisation's and visible to them; else 404. */
export async function findVisibleOffering(options: {
  db: Db
  viewer: CatalogueReader
  offeringId: number
}): Promise<typeof offerings.$inferSelect & OfferingReach> {
  const { db, viewer, offeringId } = options
  const [offering] = await db
    .select()
    .from(offerings)
    .where(and(eq(offerings.id, offeringId), ownedBy(offerings, viewer.organisationId)))
  if (!offering) throw new AppError('NOT_FOUND', 'Offering not found.')
  const gymIds = (await findOfferingGymIds({ db, offeringIds: [offering.id] })).get(offering.id) ?? []
  const reach = { ...offering, gymIds }
  if (!canSeeOffering(viewer, reach)) throw new AppError('NOT_FOUND', 'Offering not found.')
  return reach
}

/** `findVisibleOffering`, then a 403 unless the viewer may change it. */
export async function findManageableOffering(options: {
  db: Db
  viewer: OfferingViewer
  offeringId: number
}) {
  const offering = await findVisibleOffering(options)
  if (!canManageOffering(options.viewer, offering)) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return offering
}

/**
 * The price of the viewer's organisation once `checkOffering` passes for its offering; a 404 from that
 * check (an offering the viewer can't see) is answered as a missing price.
 */
async function findPriceThrough(
  db: Db,
  organisationId: number,
  priceId: number,
  checkOffering: (offeringId: number) => Promise<unknown>,
) {
  const [price] = await db
    .select()
    .from(prices)
    .where(and(eq(prices.id, priceId), ownedBy(prices, organisationId)))
  if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
  try {
    await checkOffering(price.offeringId)
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', 'Price not found.')
    throw error
  }
  return price
}

/** The price, if the viewer sees its offering; else 404 as for another organisation's. */
export async function findVisiblePrice(options: { db: Db; viewer: CatalogueReader; priceId: number }) {
  const { db, viewer } = options
  return findPriceThrough(db, viewer.organisationId, options.priceId, (offeringId) =>
    findVisibleOffering({ db, viewer, offeringId }),
  )
}

/** The price's id once the viewer may change its offering; else 404 (can't see it) or 403. */
export async function findManageablePriceId(options: {
  db: Db
  viewer: OfferingViewer
  priceId: number
}): Promise<number> {
  const { db, viewer } = options
  const price = await findPriceThrough(db, viewer.organisationId, options.priceId, (offeringId) =>
    findManageableOffering({ db, viewer, offeringId }),
  )
  return price.id
}

export async function findOfferingGymIds(options: {
  db: Db
  offeringIds: readonly number[]
}): Promise<Map<number, number[]>> {
  const byOffering = new Map<number, number[]>()
  if (options.offeringIds.length === 0) return byOffering
  const rows = await options.db
    .select({ offeringId: offeringGyms.offeringId, gymId: offeringGyms.gymId })
    .from(offeringGyms)
    .where(inArray(offeringGyms.offeringId, [...options.offeringIds]))
  for (const row of rows) {
    const list = byOffering.get(row.offeringId) ?? []
    list.push(row.gymId)
    byOffering.set(row.offeringId, list)
  }
  return byOffering
}
