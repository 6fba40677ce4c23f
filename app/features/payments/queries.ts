import { queryOptions } from '@tanstack/react-query'
import { fetchPayments } from './payments.functions'
import type { PaymentsSearch } from './search'

/** Query options of the payments screens: loaders ensure them, components read them (STYLE.md). */
export const paymentQueries = {
  all: ['payments'] as const,
  list: (search: PaymentsSearch) =>
    queryOptions({
      queryKey: ['payments', 'list', search],
      queryFn: () => fetchPayments({ data: { ...search, page: search.page ?? 1 } }),
    }),
}
