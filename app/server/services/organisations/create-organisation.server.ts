import { like } from 'drizzle-orm'
import { graceUnits, organisationPriceFrequencies } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { organisations } from '~/db/schema'
import { z } from '~/lib/validation'
import { parseInput } from '../service-input.server'

export type Organisation = typeof organisations.$inferSelect

const inputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  /** URL-safe name; derived from the name (with a numeric suffix if taken) when left out. */
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens')
    .optional(),
  multiGym: z.boolean().default(false),
  failedPaymentGracePeriod: z.int().min(0).max(365).default(14),
  failedPaymentGracePeriodUnit: z.enum(graceUnits).default('day'),
  termMembershipGracePeriod: z.int().min(0).max(365).default(0),
  termMembershipGracePeriodUnit: z.enum(graceUnits).default('day'),
  priceFrequencies: z.array(z.enum(organisationPriceFrequencies)).optional(),
  nonStop: z.boolean().default(true),
  limitedAccess: z.boolean().default(true),
  cardSurchargeBasisPoints: z.int().min(0).max(10_000).default(0),
  cardSurchargeFixed: z.int().min(0).max(10_000).default(0),
  generalCardSurchargeText: z.string().trim().min(1).nullish(),
})

export type CreateOrganisationInput = z.input<typeof inputSchema>

function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'organisation'
}

async function freeSlug(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: organisations.slug })
        .from(organisations)
        .where(like(organisations.slug, `${base}%`))
    ).map((row) => row.slug),
  )
  if (!taken.has(base)) return base
  let suffix = 2
  while (taken.has(`${base}-${suffix}`)) suffix += 1
  return `${base}-${suffix}`
}

export async function createOrganisation(
  options: CreateOrganisationInput & { db: Db; now: Date },
): Promise<Organisation> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  // An explicit slug that is taken fails on the unique index rather than being silently renamed.
  const slug = input.slug ?? (await freeSlug(db, slugify(input.name)))
  const [organisation] = await db
    .insert(organisations)
    .values({
      name: input.name,
      slug,
      multiGym: input.multiGym,
      nonStop: input.nonStop,
      limitedAccess: input.limitedAccess,
      failedPaymentGracePeriod: input.failedPaymentGracePeriod,
      failedPaymentGracePeriodUnit: input.failedPaymentGracePeriodUnit,
      termMembershipGracePeriod: input.termMembershipGracePeriod,
      termMembershipGracePeriodUnit: input.termMembershipGracePeriodUnit,
      ...(input.priceFrequencies ? { priceFrequencies: input.priceFrequencies } : {}),
      cardSurchargeBasisPoints: input.cardSurchargeBasisPoints,
      cardSurchargeFixed: input.cardSurchargeFixed,
      generalCardSurchargeText: input.generalCardSurchargeText ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!organisation) throw new Error('Inserting the organisation returned no row')
  return organisation
}
