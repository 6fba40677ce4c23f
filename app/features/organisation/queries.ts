import { queryOptions } from '@tanstack/react-query'
import { fetchAgeBypassLinks, fetchAkahuWebhooks, fetchOrganisation } from './organisation.functions'

/** Query options of the organisation's settings: loaders ensure them, components read them (STYLE.md). */
export const organisationQueries = {
  all: ['organisation'] as const,
  settings: (id: number) =>
    queryOptions({
      queryKey: ['organisation', id, 'settings'],
      queryFn: () => fetchOrganisation({ data: { id } }),
    }),
  akahuWebhooks: (id: number, page: number) =>
    queryOptions({
      queryKey: ['organisation', id, 'akahu-webhooks', page],
      queryFn: () => fetchAkahuWebhooks({ data: { id, page } }),
    }),
  ageBypassLinks: (id: number) =>
    queryOptions({
      queryKey: ['organisation', id, 'age-bypass-links'],
      queryFn: () => fetchAgeBypassLinks({ data: { id } }),
    }),
}
