import { and, eq } from 'drizzle-orm'
import type { OfferingViewer } from '~/access/catalogue.server'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { prices, privatePriceLinks, users } from '~/db/schema'
import { z } from '~/lib/validation'
import { newJoinLinkToken } from '../join-links/join-link-token.server'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'
import { findPrice } from './find-prices.server'

export type PrivatePriceLink = typeof privatePriceLinks.$inferSelect

const inputSchema = z.object({
  organisationId: idSchema,
  priceId: idSchema,
  /** Also lets the holder register under the minimum age. */
  ageBypass: z.boolean().default(false),
  createdByUserId: idSchema.nullish(),
  expiresAt: z.date().nullish(),
})

export type CreatePrivatePriceLinkInput = z.input<typeof inputSchema>

/**
 * A link that offers a private price to whoever holds it. The token is the only secret: 192 random bits,
 * so links cannot be guessed or enumerated.
 */
export async function createPrivatePriceLink(
  options: CreatePrivatePriceLinkInput & { db: Db; now: Date },
): Promise<PrivatePriceLink> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  if (input.expiresAt && input.expiresAt <= now)
    throw validationError('expiresAt', 'The expiry must be in the future.')

  const [price] = await db
    .select({ private: prices.private, archivedAt: prices.archivedAt })
    .from(prices)
    .where(and(eq(prices.id, input.priceId), ownedBy(prices, input.organisationId)))
  if (!price) throw notFound('Price')
  if (!price.private) throw validationError('priceId', 'Only a private price has private links.')
  if (price.archivedAt) throw validationError('priceId', 'The price is archived.')
  if (input.createdByUserId != null) {
    const [creator] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.createdByUserId), ownedBy(users, input.organisationId)))
    if (!creator) throw notFound('User')
  }

  const [link] = await db
    .insert(privatePriceLinks)
    .values({
      organisationId: input.organisationId,
      priceId: input.priceId,
      token: newJoinLinkToken(),
      ageBypass: input.ageBypass,
      createdByUserId: input.createdByUserId ?? null,
      expiresAt: input.expiresAt ?? null,
      createdAt: now,
    })
    .returning()
  if (!link) throw new Error('Inserting the private price link returned no row')
  return link
}

/** The console's "private link": the link, with the gym whose join site it opens (the price as listed). */
export async function createListedPrivatePriceLink(
  options: CreatePrivatePriceLinkInput & { db: Db; now: Date; viewer: OfferingViewer },
) {
  const { viewer, ...input } = options
  const link = await createPrivatePriceLink(input)
  const listing = await findPrice({ db: input.db, now: input.now, viewer, priceId: input.priceId })
  return { link, joinGymUuid: listing.joinGymUuid }
}
