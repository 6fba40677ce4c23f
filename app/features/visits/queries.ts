import { listQuery } from '~/components/lists/list-query'
import type { VisitsSearch } from './search'
import { fetchVisits } from './visits.functions'

/** Query options of the visits screens: loaders ensure them, components read them (STYLE.md). */
export const visitQueries = {
  all: ['visits'] as const,
  list: (search: VisitsSearch) => listQuery('visits', search, (data) => fetchVisits({ data })),
}
