import type { JoinOffering } from '~/contracts/join'
import type { findJoinOfferings } from '~/server/services/offerings/find-join-offerings.server'

type OfferingOnSale = Awaited<ReturnType<typeof findJoinOfferings>>[number]

/** An offering as the join site shows it: its name and its prices, nothing staff-only. */
export function toJoinOfferingResource({ offering, prices }: OfferingOnSale): JoinOffering {
  return {
    id: offering.id,
    name: offering.name,
    description: offering.description,
    type: offering.type,
    prices: prices.map((price) => ({
      id: price.id,
      amount: price.amount,
      billing_frequency: price.billingFrequency,
      joining_fee: price.joiningFee,
      term_amount: price.termAmount,
      term_unit: price.termUnit,
    })),
  }
}
