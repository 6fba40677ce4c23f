import { queryOptions } from '@tanstack/react-query'
import type { WebhooksSearch } from './search'
import { fetchWebhookEvents, fetchWebhookEventTypes } from './webhooks.functions'

/** Query options of the webhooks screen: the loader ensures them, the page reads them (STYLE.md). */
export const webhookQueries = {
  all: ['webhooks'] as const,
  list: (organisationId: number, search: WebhooksSearch) =>
    queryOptions({
      queryKey: ['webhooks', organisationId, 'list', search],
      queryFn: () =>
        fetchWebhookEvents({ data: { ...search, organisation_id: organisationId, page: search.page ?? 1 } }),
    }),
  types: (organisationId: number) =>
    queryOptions({
      queryKey: ['webhooks', organisationId, 'types'],
      queryFn: () => fetchWebhookEventTypes({ data: { organisation_id: organisationId } }),
    }),
}
