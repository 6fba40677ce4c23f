import { queryOptions } from '@tanstack/react-query'
import {
  fetchActiveSubscription,
  fetchMembershipOptions,
  fetchMembershipQuote,
  fetchPaymentTypeChange,
  listPaymentTypes,
  listSandboxBankAccounts,
} from './payment.functions'

/**
 * The join flow's reads, shared by the route loaders and the pages. Loaders `fetchQuery` them: each
 * step shows what the previous one just changed (a card saved, a method switched), never a cached list.
 */
export const joinQueries = {
  all: ['join'] as const,
  paymentTypes: () =>
    queryOptions({ queryKey: ['join', 'payment-types'], queryFn: () => listPaymentTypes() }),
  membershipOptions: () =>
    queryOptions({ queryKey: ['join', 'membership-options'], queryFn: () => fetchMembershipOptions() }),
  /** What joining on `priceId` from `startDate` costs (Confirm's summary; its loader asks for the first price's). */
  membershipQuote: (priceId: number | undefined, startDate: string) =>
    queryOptions({
      queryKey: ['join', 'quote', priceId, startDate],
      queryFn: () => fetchMembershipQuote({ data: { price_id: String(priceId), start_date: startDate } }),
      enabled: priceId !== undefined,
    }),
  sandboxBankAccounts: () =>
    queryOptions({ queryKey: ['join', 'sandbox-bank-accounts'], queryFn: () => listSandboxBankAccounts() }),
  paymentTypeChange: (id: number) =>
    queryOptions({
      queryKey: ['join', 'payment-type-change', id],
      queryFn: () => fetchPaymentTypeChange({ data: { id } }),
    }),
  activeSubscription: () =>
    queryOptions({ queryKey: ['join', 'active-subscription'], queryFn: () => fetchActiveSubscription() }),
}
