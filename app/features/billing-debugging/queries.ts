import { queryOptions } from '@tanstack/react-query'
import { fetchActiveUserCounts, fetchActiveUsers, fetchExpectedPayments } from './billing-debugging.functions'
import type { ActiveUserSearch, ExpectedPaymentsSearch } from './search'

/**
 * The debug pages' queries, apart from the pages: route loaders read them, and a loader's imports are
 * in the entry chunk every page (the join site's included) loads, where the pages must not be.
 */
export const activeUsersQuery = (search: ActiveUserSearch) =>
  queryOptions({
    queryKey: [
      'billing-debugging',
      'active-users',
      search.gym_id ?? null,
      search.page ?? 1,
      search.per_page ?? null,
    ],
    queryFn: () =>
      fetchActiveUsers({ data: { gym_id: search.gym_id, page: search.page, per_page: search.per_page } }),
  })

export const activeUserCountsQuery = (search: Pick<ActiveUserSearch, 'gym_id'>) =>
  queryOptions({
    queryKey: ['billing-debugging', 'active-user-counts', search.gym_id ?? null],
    queryFn: () => fetchActiveUserCounts({ data: { gym_id: search.gym_id } }),
  })

export const expectedPaymentsQuery = (search: ExpectedPaymentsSearch) =>
  queryOptions({
    queryKey: ['billing-debugging', 'expected-payments', search.gym_id ?? null, search.weeks ?? null],
    queryFn: () => fetchExpectedPayments({ data: { gym_id: search.gym_id, weeks: search.weeks } }),
  })
