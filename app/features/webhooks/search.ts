import { webhookProviders, webhookResults } from '~/contracts/webhook-values'
import { integer, oneOf, searchParams, text } from '~/lib/search-params'

/** The webhooks screen's filters and page in the address, so a view can be shared and Back works. */
export const webhooksSearchSchema = searchParams({
  provider: oneOf(webhookProviders),
  type: text({ max: 200 }),
  result: oneOf(webhookResults),
  page: integer({ min: 1 }),
})
export type WebhooksSearch = ReturnType<typeof webhooksSearchSchema>
