import { and, asc, eq, lt } from 'drizzle-orm'
import type { Job, PgBoss, Queue } from 'pg-boss'
import type { WebhookProvider } from '~/contracts/enums'
import type { DatabaseHandle, Db } from '~/db/client.server'
import { webhookEvents } from '~/db/schema'
import { runningBoss } from '~/server/jobs/boss.server'
import { logger } from '~/server/logger.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import type { PaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { processWebhookEvent } from './process-webhook.server'
import { storeWebhookEvent, type WebhookEventRow } from './receive-webhook.server'

export const WEBHOOK_PROCESS_QUEUE = 'webhooks.process'
export const WEBHOOK_SWEEP_QUEUE = 'webhooks.sweep'

export interface WebhookProcessJob {
  webhookEventId: number
}

/**
 * One job per stored event; a failure is retried with backoff (the event shows `failed` meanwhile).
 * The sweep, every minute, processes what was stored but never enqueued (a lost send, a restart).
 */
export const webhookQueues: Queue[] = [
  {
    name: WEBHOOK_PROCESS_QUEUE,
    policy: 'standard',
    retryLimit: 4,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    deleteAfterSeconds: 7 * 24 * 3600,
  },
  { name: WEBHOOK_SWEEP_QUEUE, policy: 'singleton', retryLimit: 1, retryDelay: 60, expireInSeconds: 600 },
]

/** Asks the queue to process a stored event. Never throws: the sweep processes what a lost send leaves. */
export async function enqueueWebhookProcessing(
  handle: DatabaseHandle,
  webhookEventId: number,
): Promise<void> {
  const boss = runningBoss(handle)
  if (!boss) return
  try {
    const started = await boss
    await started.send(WEBHOOK_PROCESS_QUEUE, { webhookEventId } satisfies WebhookProcessJob)
  } catch (error) {
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'webhook processing not enqueued',
    )
  }
}

/**
 * A verified event into the pipeline: stored once (a redelivery answers the first row and enqueues
 * nothing), then handed to the queue. The provider gets its 2xx without waiting for the effect.
 */
export async function acceptWebhookEvent(options: {
  handle: DatabaseHandle
  provider: WebhookProvider
  eventId: string
  type: string
  payload: unknown
  now: Date
}): Promise<{ row: WebhookEventRow; duplicate: boolean }> {
  const stored = await storeWebhookEvent({ ...options, db: options.handle.db })
  if (!stored.duplicate) await enqueueWebhookProcessing(options.handle, stored.row.id)
  return stored
}

/** Events stored more than a minute ago and still waiting: their job was lost. */
export async function processWaitingWebhooks(options: {
  db: Db
  payments: PaymentServices
  now: Date
  mailer?: Mailer | undefined
}): Promise<number> {
  const { db, now } = options
  const waiting = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.result, 'received'),
        lt(webhookEvents.receivedAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(asc(webhookEvents.receivedAt))
    .limit(500)
  for (const { id } of waiting) await processWebhookEvent({ ...options, webhookEventId: id })
  return waiting.length
}

export async function startWebhookWorkers(options: {
  boss: PgBoss
  handle: DatabaseHandle
  payments: (db: Db) => PaymentServices
  pollingIntervalSeconds: number
}) {
  const { boss, handle, pollingIntervalSeconds } = options
  const db = handle.db
  const payments = options.payments(db)
  const mailer = createOutboxMailer(handle)
  await boss.work(
    WEBHOOK_PROCESS_QUEUE,
    { pollingIntervalSeconds, batchSize: 1 },
    async ([job]: Job<WebhookProcessJob>[]) => {
      if (!job) return
      const verdict = await processWebhookEvent({
        db,
        payments,
        mailer,
        now: new Date(),
        webhookEventId: job.data.webhookEventId,
      })
      // Thrown so pg-boss retries it later; the row already says `failed` and why.
      if (verdict.status === 'failed') throw new Error(verdict.error)
    },
  )
  await boss.work(WEBHOOK_SWEEP_QUEUE, { pollingIntervalSeconds }, async () => {
    const swept = await processWaitingWebhooks({ db, payments, mailer, now: new Date() })
    if (swept > 0) logger.info({ swept }, 'waiting webhooks processed')
  })
  await boss.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *')
}
