import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { webhookRoutes } from '~/contracts/api/webhooks.routes'
import { webhookEventsQuerySchema } from '~/contracts/webhooks'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** `GET /api/organisations/{id}/webhook-events`: one page of the organisation's provider events. */
export const fetchWebhookEvents = createServerFn({ method: 'GET' })
  .validator(webhookEventsQuerySchema.extend({ organisation_id: recordId }))
  .handler(({ data: { organisation_id, ...query } }) =>
    api().call(webhookRoutes.list, { params: { id: organisation_id }, query }),
  )

/** The event types received so far, for the type filter. */
export const fetchWebhookEventTypes = createServerFn({ method: 'GET' })
  .validator(z.object({ organisation_id: recordId }))
  .handler(({ data }) => api().call(webhookRoutes.types, { params: { id: data.organisation_id } }))

/** "Reprocess" on a failed event (organisation admins; audited). */
export const reprocessWebhookEvent = createServerFn({ method: 'POST' })
  .validator(z.object({ organisation_id: recordId, id: recordId }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().call(webhookRoutes.reprocess, { params: { id: data.organisation_id, eventId: data.id } }),
    ),
  )
