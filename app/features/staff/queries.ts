import { queryOptions } from '@tanstack/react-query'
import type { StaffSearch } from './search'
import { fetchStaffList, fetchStaffMember } from './staff.functions'

/** Query options of the staff screens: loaders ensure them, components read them (STYLE.md). */
export const staffQueries = {
  all: ['staff'] as const,
  list: (organisationId: number, search: StaffSearch) =>
    queryOptions({
      queryKey: ['staff', 'list', organisationId, search],
      queryFn: () =>
        fetchStaffList({ data: { ...search, organisation_id: organisationId, page: search.page ?? 1 } }),
    }),
  member: (id: number) =>
    queryOptions({ queryKey: ['staff', 'member', id], queryFn: () => fetchStaffMember({ data: { id } }) }),
}
