import { queryOptions } from '@tanstack/react-query'
import { listQuery } from '~/components/lists/list-query'
import {
  fetchMember,
  fetchMemberFilterOptions,
  fetchMemberHistory,
  fetchMemberPayments,
  fetchMembers,
  fetchMemberVisits,
  fetchPriceMemberships,
  fetchSubscriptionPeriods,
  fetchWeeklyCostPerVisit,
  fetchWeeklyVisits,
} from './members.functions'
import type { MembersSearch } from './search'

/** Query options of the members screens: loaders ensure them, components read them (STYLE.md). */
export const memberQueries = {
  all: ['members'] as const,
  list: (search: MembersSearch) => listQuery('members', search, (data) => fetchMembers({ data })),
  filterOptions: () =>
    queryOptions({
      queryKey: ['members', 'filter-options'],
      queryFn: () => fetchMemberFilterOptions(),
      staleTime: 60_000,
    }),
  member: (id: number) =>
    queryOptions({ queryKey: ['members', 'member', id], queryFn: () => fetchMember({ data: { id } }) }),
  payments: (id: number, page: number) =>
    queryOptions({
      queryKey: ['members', 'member', id, 'payments', page],
      queryFn: () => fetchMemberPayments({ data: { id, page } }),
    }),
  history: (id: number, page: number) =>
    queryOptions({
      queryKey: ['members', 'member', id, 'history', page],
      queryFn: () => fetchMemberHistory({ data: { id, page } }),
    }),
  priceMemberships: (priceId: number) =>
    queryOptions({
      queryKey: ['members', 'price-memberships', priceId],
      queryFn: () => fetchPriceMemberships({ data: { id: priceId } }),
    }),
  weeklyVisits: (id: number, weeks: number) =>
    queryOptions({
      queryKey: ['members', 'member', id, 'weekly-visits', weeks],
      queryFn: () => fetchWeeklyVisits({ data: { id, weeks } }),
    }),
  periods: (id: number, weeks: number) =>
    queryOptions({
      queryKey: ['members', 'member', id, 'periods', weeks],
      queryFn: () => fetchSubscriptionPeriods({ data: { id, weeks } }),
    }),
  costPerVisit: (id: number, weeks: number) =>
    queryOptions({
      queryKey: ['members', 'member', id, 'cost-per-visit', weeks],
      queryFn: () => fetchWeeklyCostPerVisit({ data: { id, weeks } }),
    }),
  visits: (id: number, page: number) =>
    queryOptions({
      queryKey: ['members', 'member', id, 'visits', page],
      queryFn: () => fetchMemberVisits({ data: { id, page } }),
    }),
}
