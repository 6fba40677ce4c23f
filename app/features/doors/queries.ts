import { queryOptions } from '@tanstack/react-query'
import { fetchGymDoors, fetchMemberDoorAccess, fetchMemberDoorCredential } from './doors.functions'

// A person's access changes with their membership, elsewhere on the page and in the background (the
// sync job): read afresh each time the tab opens.
const readAfresh = { staleTime: 0, refetchOnMount: 'always' } as const

/** Query options of the door screens: loaders ensure them, components read them (STYLE.md). */
export const doorQueries = {
  all: ['doors'] as const,
  gym: (id: number) =>
    queryOptions({ queryKey: ['doors', 'gym', id], queryFn: () => fetchGymDoors({ data: { id } }) }),
  member: (id: number) =>
    queryOptions({
      queryKey: ['doors', 'member', id],
      queryFn: () => fetchMemberDoorAccess({ data: { id } }),
      ...readAfresh,
    }),
  credential: (id: number) =>
    queryOptions({
      queryKey: ['doors', 'credential', id],
      queryFn: () => fetchMemberDoorCredential({ data: { id } }),
      ...readAfresh,
    }),
}
