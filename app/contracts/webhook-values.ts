/** The provider events' value lists (`webhook_events`), re-exported by `enums.ts`. */
export const webhookProviders = ['stripe', 'akahu', 'kisi'] as const
export type WebhookProvider = (typeof webhookProviders)[number]
/**
 * Where a stored webhook stands: `refused` (its signature did not verify: kept only to be seen),
 * `received` (stored, waiting for the queue), `processed` (its effect done, or nothing to do, with a
 * note), `failed` (processing threw; an admin may reprocess it).
 */
export const webhookResults = ['refused', 'received', 'processed', 'failed'] as const
export type WebhookResult = (typeof webhookResults)[number]
