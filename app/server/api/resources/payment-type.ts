import type { PaymentType } from '~/features/join/payment-contract'
import { maskNzBankAccount } from '~/lib/nz-bank-account'
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
