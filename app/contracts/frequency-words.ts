import type { BillingFrequency } from '~/contracts/enums'

/** "$25.00 weekly": how a price's frequency reads after its amount, in sentences and e-mails alike. */
export const frequencyWords: Record<BillingFrequency, string> = {
  daily: 'daily',
  weekly: 'weekly',
  fortnightly: 'fortnightly',
  monthly: 'monthly',
  bi_monthly: 'every two months',
  quarterly: 'quarterly',
  twice_yearly: 'every six months',
  yearly: 'yearly',
  one_off: 'once',
}
