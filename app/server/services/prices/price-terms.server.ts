import type { OfferingViewer } from '~/access/catalogue.server'
import { billingFrequencies } from '~/contracts/enums'
import { findTermProblems, termAmountSchema, termUnitSchema } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import type { prices } from '~/db/schema'
import { z } from '~/lib/validation'
import { centsSchema } from '../service-input.server'
import { findPrice } from './find-prices.server'

type Price = typeof prices.$inferSelect

/** What a price charges, as the new-price and edit-price forms send it (SPEC §3 Price). */
export const priceTermsFields = {
  amount: centsSchema,
  billingFrequency: z.enum(billingFrequencies),
  joiningFee: centsSchema.default(0),
  private: z.boolean().default(false),
  termAmount: termAmountSchema.nullish(),
  termUnit: termUnitSchema.nullish(),
}

/** A term is an amount and a unit together, or neither (`findTermProblems`), reported on its fields. */
export function refinePriceTerms(
  price: { termAmount?: number | null; termUnit?: string | null },
  context: z.RefinementCtx,
) {
  for (const [field, message] of Object.entries(findTermProblems(price)))
    context.addIssue({ code: 'custom', path: [field], message })
}

/** The price's columns for its parsed terms, an absent term stored as null. */
export function priceTermsColumns(input: z.output<z.ZodObject<typeof priceTermsFields>>) {
  return {
    amount: input.amount,
    billingFrequency: input.billingFrequency,
    joiningFee: input.joiningFee,
    private: input.private,
    termAmount: input.termAmount ?? null,
    termUnit: input.termUnit ?? null,
  }
}

/** A console action on a price (`change`), answered as the caller's price lists show the price. */
export function answeredAsListed<Input extends { db: Db; now: Date }>(
  change: (input: Input) => Promise<Price>,
) {
  return async (options: Input & { viewer: OfferingViewer }) => {
    const price = await change(options)
    return findPrice({ db: options.db, now: options.now, viewer: options.viewer, priceId: price.id })
  }
}
