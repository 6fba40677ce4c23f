import { queryOptions } from '@tanstack/react-query'
import type { VisitsSearch } from './search'
import { fetchVisits } from './visits.functions'

/** Query options of the visits screens: loaders ensure them, components read them (STYLE.md). */
export const visitQueries = {
  all: ['visits'] as const,
  list: (search: VisitsSearch) =>
    queryOptions({
      queryKey: ['visits', 'list', search],
      queryFn: () => fetchVisits({ data: { ...search, page: search.page ?? 1 } }),
    }),
}
