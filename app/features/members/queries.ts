import { queryOptions } from '@tanstack/react-query'
import { fetchMemberFilterOptions, fetchMembers } from './members.functions'
import type { MembersSearch } from './search'

/** Query options of the members screens: loaders ensure them, components read them (STYLE.md). */
export const memberQueries = {
  all: ['members'] as const,
  list: (search: MembersSearch) =>
    queryOptions({
      queryKey: ['members', 'list', search],
      queryFn: () => fetchMembers({ data: { ...search, page: search.page ?? 1 } }),
    }),
  filterOptions: () =>
    queryOptions({
      queryKey: ['members', 'filter-options'],
      queryFn: () => fetchMemberFilterOptions(),
      staleTime: 60_000,
    }),
}
