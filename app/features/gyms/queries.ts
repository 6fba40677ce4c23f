import { queryOptions } from '@tanstack/react-query'
import { fetchGym, fetchGyms } from './gyms.functions'

/** Query options of the gyms screens: loaders ensure them, components read them (STYLE.md). */
export const gymQueries = {
  all: ['gyms'] as const,
  list: () => queryOptions({ queryKey: ['gyms', 'list'], queryFn: () => fetchGyms() }),
  gym: (id: number) =>
    queryOptions({ queryKey: ['gyms', 'gym', id], queryFn: () => fetchGym({ data: { id } }) }),
}
