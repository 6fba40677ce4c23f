import { listQuery } from '~/components/lists/list-query'
import { fetchPayments } from './payments.functions'
import type { PaymentsSearch } from './search'

/** Query options of the payments screens: loaders ensure them, components read them (STYLE.md). */
export const paymentQueries = {
  all: ['payments'] as const,
  list: (search: PaymentsSearch) => listQuery('payments', search, (data) => fetchPayments({ data })),
}
