import type { PaymentMethodChange, PaymentType } from '~/contracts/join-payment'
import { nextChargeAmountWords } from '~/contracts/next-charge-words'
import { formatLongDate } from '~/lib/dates'
import { maskNzBankAccount } from '~/lib/nz-bank-account'
import { toNextChargeResource } from '~/server/api/resources/next-charge'
import type { NextCharge } from '~/server/billing/next-charge'
import type { PaymentMethodChangePreview } from '~/server/services/payment-methods/change-payment-method.server'
import type { PaymentMethodRow } from '~/server/services/payment-methods/find-member-payment-methods.server'

/** A payment method as its owner sees it: the bank number masked, a card by brand and last four. */
export function toPaymentTypeResource(method: PaymentMethodRow, defaultId: number | null): PaymentType {
  return {
    id: method.id,
    type: method.type,
    is_default: method.id === defaultId,
    name: method.type === 'bank_account' ? method.name : method.brand,
    bank_account_number: method.bankAccountNumber ? maskNzBankAccount(method.bankAccountNumber) : null,
    status: method.status,
    brand: method.brand,
    last_four: method.lastFour,
    exp_month: method.expMonth,
    exp_year: method.expYear,
    country: method.country,
  }
}

/** What changing to a method would mean, as the join site's change step shows it before agreeing. */
export function toPaymentMethodChangeResource(change: PaymentMethodChangePreview): PaymentMethodChange {
  const { membership } = change
  return {
    method: toPaymentTypeResource(change.method, change.defaultId),
    current_method: change.currentMethod
      ? toPaymentTypeResource(change.currentMethod, change.defaultId)
      : null,
    needs_agreement: change.needsAgreement,
    membership: membership
      ? {
          offering_name: membership.offeringName,
          gym_name: membership.gymName,
          billing_frequency: membership.billingFrequency,
          amount: membership.amount,
          current_surcharge: membership.currentSurcharge,
          new_surcharge: membership.newSurcharge,
          next_charge_now: toNextChargeResource(membership.nextChargeNow),
          next_charge_after: toNextChargeResource(membership.nextChargeAfter),
          next_payment_now: nextPaymentWords(membership.nextChargeNow),
          next_payment_after: nextPaymentWords(membership.nextChargeAfter),
        }
      : null,
    surcharge_text: change.surchargeText,
  }
}

/**
 * A next charge in the change step's words, worked out here so the join page loads no date library:
 * "$25.63 ($25.00 + $0.63 card surcharge) on Tue 24 Mar 2026", as the welcome page says it.
 */
function nextPaymentWords(charge: NextCharge | null): string {
  const answer = toNextChargeResource(charge)
  if (!answer) return 'Nothing more is charged'
  const note =
    answer.kind === 'retry' ? ' (retry of a failed payment)' : answer.new_price ? ' (new price)' : ''
  return `${nextChargeAmountWords(answer)} on ${formatLongDate(answer.on)}${note}`
}

/** The member's payment methods, each saying whether it is their default. */
export function toPaymentTypeList(list: {
  methods: PaymentMethodRow[]
  defaultId: number | null
}): PaymentType[] {
  return list.methods.map((method) => toPaymentTypeResource(method, list.defaultId))
}
