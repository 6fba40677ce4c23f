import { describeCard } from '~/lib/card-number'
import { maskNzBankAccount } from '~/lib/nz-bank-account'
import type { PaymentMethodRow } from './find-member-payment-methods.server'

/** "Visa ending 4242" or "bank account 99-••••-•••••99-91": a saved method in a member's sentence. */
export function describePaymentMethod(
  method: Pick<PaymentMethodRow, 'type' | 'brand' | 'lastFour' | 'bankAccountNumber'>,
): string {
  return method.type === 'stripe_card'
    ? describeCard(method.brand, method.lastFour)
    : `bank account ${maskNzBankAccount(method.bankAccountNumber ?? '')}`
}
