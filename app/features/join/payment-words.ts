import type { PaymentType } from '~/contracts/join-payment'
import { describeCard } from '~/lib/card-number'

/** "Visa ending 4242, expires 12/30" or "Everyday 99-••••-•••••99-91", as the member reads it. */
export function describePaymentType(method: PaymentType): string {
  if (method.type === 'stripe_card') {
    const expiry =
      method.exp_month && method.exp_year
        ? `, expires ${String(method.exp_month).padStart(2, '0')}/${String(method.exp_year).slice(-2)}`
        : ''
    return `${describeCard(method.brand, method.last_four)}${expiry}`
  }
  return `${method.name ?? 'Bank account'} ${method.bank_account_number ?? ''}`.trim()
}
