import { queryOptions } from '@tanstack/react-query'
import { fetchGymDoors, fetchMemberDoorAccess, fetchMemberDoorCredential } from './doors.functions'

/** Query options of the door screens: loaders ensure them, components read them (STYLE.md). */
export const doorQueries = {
  all: ['doors'] as const,
  gym: (id: number) =>
    queryOptions({ queryKey: ['doors', 'gym', id], queryFn: () => fetchGymDoors({ data: { id } }) }),
  member: (id: number) =>
    queryOptions({
      queryKey: ['doors', 'member', id],
      queryFn: () => fetchMemberDoorAccess({ data: { id } }),
    }),
  credential: (id: number) =>
    queryOptions({
      queryKey: ['doors', 'credential', id],
      queryFn: () => fetchMemberDoorCredential({ data: { id } }),
    }),
}
