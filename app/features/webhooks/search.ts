import { integer, oneOf, searchParams, text } from '~/lib/search-params'
import { webhookProviderNames, webhookResultNames } from './contract'

/** The webhooks screen's filters and page in the address, so a view can be shared and Back works. */
export const webhooksSearchSchema = searchParams({
  provider: oneOf(webhookProviderNames),
  type: text({ max: 200 }),
  result: oneOf(webhookResultNames),
  page: integer({ min: 1 }),
})
export type WebhooksSearch = ReturnType<typeof webhooksSearchSchema>
