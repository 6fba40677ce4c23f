import type { MembershipOptions, MembershipQuote } from '~/server/services/join/membership-quote.server'
import { toJoinOfferingResource } from './join-offering'

/** What a signed-in member may join: their gym, whether a private price applies, the offerings on sale. */
export function toMembershipOptionsResource(options: MembershipOptions) {
  return {
    gym: { id: options.gym.id, name: options.gym.name },
    private_price: options.privatePriceLinkId !== null,
    offerings: options.offerings.map(toJoinOfferingResource),
  }
}

/** The confirm screen's quote: the first payment, what is due today, the term and the agreement. */
export function toMembershipQuoteResource(quote: MembershipQuote) {
  return {
    price_id: quote.priceId,
    offering_name: quote.offeringName,
    gym_name: quote.gymName,
    start_date: quote.startDate,
    billing_frequency: quote.billingFrequency,
    payment_type: quote.paymentType,
    payment_method_label: quote.paymentMethodLabel,
    first_payment: {
      period_amount: quote.firstPayment.periodAmount,
      joining_fee: quote.firstPayment.joiningFee,
      surcharge: quote.firstPayment.surcharge,
      total: quote.firstPayment.total,
      due_on: quote.firstPayment.dueOn,
    },
    due_today: quote.dueToday,
    recurring: quote.recurring,
    term: quote.term
      ? {
          amount: quote.term.amount,
          unit: quote.term.unit,
          ends_on: quote.term.endsOn,
          total_value: quote.term.totalValue,
          cooling_off_ends_on: quote.term.coolingOffEndsOn,
        }
      : null,
    surcharge_text: quote.surchargeText,
    agreement: quote.agreement,
  }
}
