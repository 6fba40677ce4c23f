import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { frequencyNotEnabledMessage, isFrequencyEnabled } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { organisations, prices } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { findPricesInUse } from '../members/members-now.server'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'
import type { Price } from './create-price.server'
import { answeredAsListed, priceTermsColumns, priceTermsFields, refinePriceTerms } from './price-terms.server'

export const priceInUseMessage =
  'Members are on this price, so its amount, billing frequency and term can’t change. Create a new price and move them with a price change.'

const inputSchema = z
  .object({
    organisationId: idSchema,
    priceId: idSchema,
    ...priceTermsFields,
  })
  .superRefine(refinePriceTerms)

export type UpdatePriceInput = z.input<typeof inputSchema>

/**
 * Edits a price. What members on it pay (amount, frequency, term) is fixed once anyone is on it: a
 * member's price moves only through a scheduled price change, which tells them first. The joining fee
 * (charged to new members) and whether it is private can always change.
 */
export async function updatePrice(options: UpdatePriceInput & { db: Db; now: Date }): Promise<Price> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ price: prices, priceFrequencies: organisations.priceFrequencies })
      .from(prices)
      .innerJoin(organisations, eq(organisations.id, prices.organisationId))
      .where(and(eq(prices.id, input.priceId), ownedBy(prices, input.organisationId)))
      .for('update', { of: prices })
    if (!current) throw notFound('Price')
    const { price } = current
    const billingChanges =
      price.amount !== input.amount ||
      price.billingFrequency !== input.billingFrequency ||
      price.termAmount !== (input.termAmount ?? null) ||
      price.termUnit !== (input.termUnit ?? null)
    if (billingChanges) {
      const inUse = await findPricesInUse({ db: tx, priceIds: [price.id] })
      if (inUse.size > 0) throw new AppError('CONFLICT', priceInUseMessage)
    }
    if (
      input.billingFrequency !== price.billingFrequency &&
      !isFrequencyEnabled({ frequency: input.billingFrequency, enabled: current.priceFrequencies })
    ) {
      throw validationError('billingFrequency', frequencyNotEnabledMessage)
    }
    const [updated] = await tx
      .update(prices)
      .set({
        ...priceTermsColumns(input),
        updatedAt: now,
      })
      .where(eq(prices.id, price.id))
      .returning()
    if (!updated) throw new Error('Updating the price returned no row')
    return updated
  })
}

/** The console's price form: `updatePrice`, answered as the caller's price lists show it. */
export const updateListedPrice = answeredAsListed(updatePrice)
