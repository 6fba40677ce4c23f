import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm'
import type { OfferingViewer } from '~/access/catalogue.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, offeringGyms, offeringHours, offerings, prices } from '~/db/schema'
import { z } from '~/lib/validation'
import { countMembersNow } from '../members/members-now.server'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'
import { hoursSchema } from './create-offering.server'
import { findOfferingView } from './find-offering-view.server'
import { checkOfferingReach, insertOfferingReach } from './offering-reach.server'

const inputSchema = z.object({
  organisationId: idSchema,
  offeringId: idSchema,
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(2000).nullish(),
  allGymsAccess: z.boolean(),
  /** Gyms the offering gives access to; ignored when `allGymsAccess`. */
  gyms: z.array(idSchema).default([]),
  /** A limited-hours offering's windows, replacing the ones it has. */
  hours: z.array(hoursSchema).default([]),
})

export type UpdateOfferingInput = z.input<typeof inputSchema>

/**
 * Changes an offering's name, description, opening hours and gyms (issue 13). Its type stays what members
 * joined. It must keep giving access where its members are now, and where one of its prices on sale is
 * sold, so no member loses their gym by an edit and no price is sold where the offering doesn't reach.
 */
export async function updateOffering(options: UpdateOfferingInput & { db: Db; now: Date }): Promise<void> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const where = and(eq(offerings.id, input.offeringId), ownedBy(offerings, input.organisationId))
  const [offering] = await db.select().from(offerings).where(where)
  if (!offering) throw notFound('Offering')
  const gymIds = await checkOfferingReach({
    db,
    organisationId: input.organisationId,
    type: offering.type,
    hoursMandated: offering.hoursMandated,
    hourCount: input.hours.length,
    allGymsAccess: input.allGymsAccess,
    gyms: input.gyms,
  })

  if (!input.allGymsAccess) {
    const members = await countMembersNow({
      db,
      organisationId: input.organisationId,
      now,
      offeringIds: [offering.id],
    })
    const stranded = members.filter((row) => row.gymId !== null && !gymIds.includes(row.gymId))
    if (stranded.length > 0) {
      const names = await gymNames(
        db,
        stranded.map((row) => row.gymId ?? 0),
      )
      throw validationError(
        'gyms',
        `Members at ${names} hold this offering now, so it must keep giving access there.`,
      )
    }
    const [soldElsewhere] = await db
      .select({ gymId: prices.gymId })
      .from(prices)
      .where(
        and(
          eq(prices.offeringId, offering.id),
          isNull(prices.archivedAt),
          gymIds.length > 0 ? notInArray(prices.gymId, gymIds) : undefined,
        ),
      )
      .limit(1)
    if (soldElsewhere?.gymId != null) {
      const names = await gymNames(db, [soldElsewhere.gymId])
      throw validationError('gyms', `A price of this offering is sold at ${names}: archive it first.`)
    }
  }

  await db.transaction(async (tx) => {
    await tx
      .update(offerings)
      .set({
        name: input.name,
        description: input.description ?? null,
        allGymsAccess: input.allGymsAccess,
        updatedAt: now,
      })
      .where(where)
    await tx.delete(offeringGyms).where(eq(offeringGyms.offeringId, offering.id))
    await tx.delete(offeringHours).where(eq(offeringHours.offeringId, offering.id))
    await insertOfferingReach(tx, {
      organisationId: input.organisationId,
      offeringId: offering.id,
      gymIds,
      hours: input.hours,
      now,
    })
  })
}

async function gymNames(db: Db, ids: number[]): Promise<string> {
  const rows = await db
    .select({ name: gyms.name })
    .from(gyms)
    .where(inArray(gyms.id, [...new Set(ids)]))
  const names = rows.map((row) => row.name).sort()
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The console's offering form: `updateOffering`, answered as its page shows it to `viewer`. */
export async function updateViewedOffering(
  options: UpdateOfferingInput & { db: Db; now: Date; viewer: OfferingViewer },
) {
  const { viewer, ...input } = options
  await updateOffering(input)
  return findOfferingView({ db: input.db, now: input.now, viewer, offeringId: input.offeringId })
}
