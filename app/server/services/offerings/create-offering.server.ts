import { eq } from 'drizzle-orm'
import type { OfferingViewer } from '~/access/catalogue.server'
import { offeringTypes } from '~/contracts/enums'
import { frequencyNotEnabledMessage, isFrequencyEnabled } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { type offeringHours, offerings, organisations } from '~/db/schema'
import { z } from '~/lib/validation'
import { type CreatePriceInput, createPrice, type Price } from '../prices/create-price.server'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'
import { findOfferingView } from './find-offering-view.server'
import { checkOfferingReach, insertOfferingReach } from './offering-reach.server'

export type Offering = typeof offerings.$inferSelect
export type OfferingHours = typeof offeringHours.$inferSelect

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Value is not a valid time (HH:MM)')

export const hoursSchema = z
  .object({
    /** 1 Monday … 7 Sunday. */
    day: z.int().min(1).max(7),
    openAt: timeSchema,
    closeAt: timeSchema,
  })
  // Same-day windows only: a window past midnight is two rows, one per day.
  .refine((hours) => hours.openAt < hours.closeAt, {
    message: 'The closing time must be after the opening time.',
    path: ['closeAt'],
  })

const inputSchema = z.object({
  organisationId: idSchema,
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(2000).nullish(),
  type: z.enum(offeringTypes),
  allGymsAccess: z.boolean().default(false),
  /** Gyms the offering gives access to; ignored when `allGymsAccess`. */
  gyms: z.array(idSchema).default([]),
  hours: z.array(hoursSchema).default([]),
  mandated: z.boolean().default(false),
  hoursMandated: z.boolean().default(false),
  pricesMandated: z.boolean().default(false),
  /** Prices created with the offering, in the same transaction. */
  prices: z.array(z.custom<Omit<CreatePriceInput, 'organisationId' | 'offeringId'>>()).default([]),
})

export type CreateOfferingInput = z.input<typeof inputSchema>

export interface CreatedOffering {
  offering: Offering
  hours: OfferingHours[]
  gymIds: number[]
  prices: Price[]
}

/** A membership type (SPEC §3 Offering) with its gyms and, for limited access, its opening hours. */
export async function createOffering(
  options: CreateOfferingInput & { db: Db; now: Date },
): Promise<CreatedOffering> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)

  const [organisation] = await db
    .select({
      enableOfferings: organisations.enableOfferings,
      nonStop: organisations.nonStop,
      limitedAccess: organisations.limitedAccess,
      priceFrequencies: organisations.priceFrequencies,
    })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId))
  if (!organisation) throw notFound('Organisation')
  // SPEC §4: the organisation's offering permissions decide which types may exist.
  if (!organisation.enableOfferings)
    throw validationError('type', 'Offerings are not enabled for this organisation.')
  if (input.type === '24_7' && !organisation.nonStop) {
    throw validationError('type', 'This organisation does not offer 24/7 memberships.')
  }
  if (input.type === 'limited_access' && !organisation.limitedAccess) {
    throw validationError('type', 'This organisation does not offer limited-hours memberships.')
  }
  const gymIds = await checkOfferingReach({
    db,
    organisationId: input.organisationId,
    type: input.type,
    hoursMandated: input.hoursMandated,
    hourCount: input.hours.length,
    allGymsAccess: input.allGymsAccess,
    gyms: input.gyms,
  })
  for (const [index, price] of input.prices.entries()) {
    if (!isFrequencyEnabled({ frequency: price.billingFrequency, enabled: organisation.priceFrequencies })) {
      throw validationError(`prices.${index}.billingFrequency`, frequencyNotEnabledMessage)
    }
  }

  return db.transaction(async (tx) => {
    const [offering] = await tx
      .insert(offerings)
      .values({
        organisationId: input.organisationId,
        name: input.name,
        description: input.description ?? null,
        type: input.type,
        allGymsAccess: input.allGymsAccess,
        mandated: input.mandated,
        hoursMandated: input.hoursMandated,
        pricesMandated: input.pricesMandated,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (!offering) throw new Error('Inserting the offering returned no row')
    const hours = await insertOfferingReach(tx, {
      organisationId: input.organisationId,
      offeringId: offering.id,
      gymIds,
      hours: input.hours,
      now,
    })
    const created: Price[] = []
    for (const price of input.prices) {
      created.push(
        await createPrice({
          ...price,
          db: tx,
          now,
          organisationId: input.organisationId,
          offeringId: offering.id,
        }),
      )
    }
    return { offering, hours, gymIds, prices: created }
  })
}

/** The console's new offering: `createOffering`, answered as its page shows it to `viewer`. */
export async function createViewedOffering(
  options: CreateOfferingInput & { db: Db; now: Date; viewer: OfferingViewer },
) {
  const { viewer, ...input } = options
  const created = await createOffering(input)
  return findOfferingView({ db: input.db, now: input.now, viewer, offeringId: created.offering.id })
}
