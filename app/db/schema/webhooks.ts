import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { webhookProviders, webhookResults } from '~/contracts/enums'
import { id, instant, isOneOf } from './columns'
import { organisations } from './organisations'

/**
 * Incoming provider webhooks, stored before they are processed. The unique event id makes a
 * redelivery a no-op. Not organisation-owned: the organisation is only known after processing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider', { enum: webhookProviders }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: instant('processed_at'),
    error: text('error'),
    /** False for a delivery whose signature did not verify: stored (never processed) so it shows on the screen. */
    signatureVerified: boolean('signature_verified').notNull().default(true),
    result: text('result', { enum: webhookResults }).notNull().default('received'),
    /** What processing did or why it did nothing ("no open payment with this reference"). */
    note: text('note'),
    /** How many times processing ran (the queue's retries and an admin's reprocessing). */
    attempts: integer('attempts').notNull().default(0),
    /** Set once processing has found whose event it is, so an organisation can read its own log. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_event_unique').on(t.provider, t.eventId),
    index('webhook_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
    index('webhook_events_received_at_idx').on(t.receivedAt),
    index('webhook_events_organisation_idx').on(t.organisationId, t.provider, t.receivedAt),
    index('webhook_events_organisation_received_idx').on(t.organisationId, t.receivedAt, t.id),
    index('webhook_events_organisation_result_idx').on(t.organisationId, t.result, t.receivedAt),
    check('webhook_events_result_check', isOneOf(t.result, webhookResults)),
    check('webhook_events_provider_check', isOneOf(t.provider, webhookProviders)),
  ],
)
