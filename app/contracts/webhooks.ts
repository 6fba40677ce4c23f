import { pageFields } from '~/contracts/list-fields'
import { recordIdParam, z } from '~/lib/validation'

/**
 * The webhooks screen (issue 26 point 6): the organisation's provider events, newest first, filtered
 * by provider, type and result; and an admin's Reprocess of a failed one. Instants are ISO 8601.
 */

// The value lists live in the schema's enums (they import nothing), so the route's search schema can name
// them without bringing zod into the one route tree every page of both sites loads.
export {
  webhookProviders as webhookProviderNames,
  webhookResults as webhookResultNames,
} from '~/contracts/enums'

import {
  webhookProviders as webhookProviderNames,
  webhookResults as webhookResultNames,
} from '~/contracts/enums'

export const webhookProviderLabels: Record<(typeof webhookProviderNames)[number], string> = {
  stripe: 'Stripe',
  akahu: 'Akahu',
  kisi: 'Kisi',
}

export const webhookResultLabels: Record<(typeof webhookResultNames)[number], string> = {
  refused: 'Refused',
  received: 'Waiting',
  processed: 'Processed',
  failed: 'Failed',
}

export const webhookEventsQuerySchema = z.object({
  provider: z.enum(webhookProviderNames).optional(),
  /** The provider's event type, exactly (`payment_intent.succeeded`, `lock.unlock`, `PAYMENT.UPDATE`). */
  type: z.string().trim().min(1).max(200).optional(),
  result: z.enum(webhookResultNames).optional(),
  ...pageFields(),
})
export type WebhookEventsQuery = z.input<typeof webhookEventsQuerySchema>

export const webhookEventSchema = z.object({
  id: z.number().int(),
  provider: z.enum(webhookProviderNames),
  event_id: z.string(),
  type: z.string(),
  received_at: z.string(),
  processed_at: z.string().nullable(),
  signature_verified: z.boolean(),
  result: z.enum(webhookResultNames),
  /** What processing did, in words. */
  note: z.string().nullable(),
  /** Why the signature was refused or processing failed. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** The body as received, as indented JSON, with secrets, tokens and card data replaced by "[removed]". */
  payload: z.string(),
})
export type WebhookEvent = z.infer<typeof webhookEventSchema>

export const webhookEventParamsSchema = z.object({ id: recordIdParam, eventId: recordIdParam })

export const webhookTypesSchema = z.object({ data: z.array(z.string()) })

export const reprocessOnlyFailedMessage = 'Only a failed event can be reprocessed.'
