import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { frequencyNotEnabledMessage, isFrequencyEnabled } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { gyms, offeringGyms, offerings, organisations, prices } from '~/db/schema'
import { z } from '~/lib/validation'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'
import { answeredAsListed, priceTermsColumns, priceTermsFields, refinePriceTerms } from './price-terms.server'

export type Price = typeof prices.$inferSelect

const inputSchema = z
  .object({
    organisationId: idSchema,
    offeringId: idSchema,
    /** The gym the price is for; null or absent when it applies at every gym of the offering. */
    gymId: idSchema.nullish(),
    ...priceTermsFields,
    groupingUniqueIdentifier: z.string().min(1).max(100).nullish(),
  })
  .superRefine(refinePriceTerms)

export type CreatePriceInput = z.input<typeof inputSchema>

/** A price of an offering, in cents, at a billing frequency, optionally with a term (SPEC §3 Price). */
export async function createPrice(options: CreatePriceInput & { db: Db; now: Date }): Promise<Price> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)

  const [offering] = await db
    .select({
      allGymsAccess: offerings.allGymsAccess,
      archivedAt: offerings.archivedAt,
      priceFrequencies: organisations.priceFrequencies,
    })
    .from(offerings)
    .innerJoin(organisations, eq(organisations.id, offerings.organisationId))
    .where(and(eq(offerings.id, input.offeringId), ownedBy(offerings, input.organisationId)))
  if (!offering) throw notFound('Offering')
  if (offering.archivedAt) throw validationError('offeringId', 'The offering is archived.')

  if (!isFrequencyEnabled({ frequency: input.billingFrequency, enabled: offering.priceFrequencies })) {
    throw validationError('billingFrequency', frequencyNotEnabledMessage)
  }

  if (input.gymId != null) {
    const [gym] = offering.allGymsAccess
      ? await db
          .select({ id: gyms.id })
          .from(gyms)
          .where(and(eq(gyms.id, input.gymId), ownedBy(gyms, input.organisationId)))
      : await db
          .select({ id: offeringGyms.gymId })
          .from(offeringGyms)
          .where(and(eq(offeringGyms.offeringId, input.offeringId), eq(offeringGyms.gymId, input.gymId)))
    if (!gym) throw validationError('gymId', 'The offering is not available at this gym.')
  }

  const [price] = await db
    .insert(prices)
    .values({
      organisationId: input.organisationId,
      offeringId: input.offeringId,
      gymId: input.gymId ?? null,
      ...priceTermsColumns(input),
      groupingUniqueIdentifier: input.groupingUniqueIdentifier ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!price) throw new Error('Inserting the price returned no row')
  return price
}

/** The console's new price: `createPrice`, answered as the caller's price lists show it. */
export const createListedPrice = answeredAsListed(createPrice)
