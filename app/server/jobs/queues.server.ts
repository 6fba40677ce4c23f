import type { Job, JobResult, PgBoss, Queue } from 'pg-boss'
import type { DatabaseHandle } from '~/db/client.server'
import {
  BILLING_DAILY_QUEUE,
  BILLING_POLL_QUEUE,
  billingQueues,
  startBillingWorkers,
} from '~/server/billing/engine/billing-jobs.server'
import { reportError, reportingFailures } from '~/server/error-reporting.server'
import { logger } from '~/server/logger.server'
import {
  createMailTransport,
  deliverMail,
  errorMessage,
  MAIL_DELIVER_QUEUE,
  MAIL_SWEEP_QUEUE,
  type MailDeliverJob,
  type MailTransport,
  mailQueues,
  sweepMailOutbox,
} from '~/server/mail/send-mail.server'
import {
  SANDBOX_BANK_EVENTS_QUEUE,
  sandboxBankEventQueues,
  startSandboxBankEventWorkers,
} from '~/server/providers/payments/bank-sandbox-events.server'
import { createPaymentServices } from '~/server/providers/payments/payment-services.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import {
  DOOR_ACCESS_QUEUE,
  doorAccessQueues,
  startDoorAccessWorkers,
} from '~/server/services/door-access/door-access-jobs.server'
import {
  startWebhookWorkers,
  WEBHOOK_PROCESS_QUEUE,
  WEBHOOK_SWEEP_QUEUE,
  webhookQueues,
} from '~/server/webhooks/webhook-jobs.server'
import { getBoss } from './boss.server'

/**
 * Every pg-boss queue of the application and its workers. A feature owns its queue definitions (name,
 * retry policy) next to its code; this registry creates them and starts their workers.
 */
export const queueNames = {
  mailDeliver: MAIL_DELIVER_QUEUE,
  mailSweep: MAIL_SWEEP_QUEUE,
  billingDaily: BILLING_DAILY_QUEUE,
  billingPoll: BILLING_POLL_QUEUE,
  doorAccess: DOOR_ACCESS_QUEUE,
  webhookProcess: WEBHOOK_PROCESS_QUEUE,
  webhookSweep: WEBHOOK_SWEEP_QUEUE,
  sandboxBankEvents: SANDBOX_BANK_EVENTS_QUEUE,
} as const
export type QueueName = (typeof queueNames)[keyof typeof queueNames]

export const queues: Queue[] = [
  ...mailQueues,
  ...billingQueues,
  ...doorAccessQueues,
  ...webhookQueues,
  ...sandboxBankEventQueues,
]

/**
 * Creates the queues (idempotent) and brings the retry settings of existing ones up to date; a queue's
 * policy is fixed at creation.
 */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const { name, ...options } of queues) {
    await boss.createQueue(name, options)
    const settings = {
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelay,
      retryBackoff: options.retryBackoff,
      expireInSeconds: options.expireInSeconds,
      deleteAfterSeconds: options.deleteAfterSeconds,
    }
    // pg-boss validates every key present, so leave out the ones the definition does not set.
    const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined))
    await boss.updateQueue(name, { ...defined, retryDelayMax: options.retryDelayMax ?? null })
  }
}

declare global {
  var gymbaseWorkersStarted: WeakSet<PgBoss> | undefined
}

export interface StartWorkersOptions {
  handle: DatabaseHandle
  /** Default: SMTP_URL's transport, or none (mail kept in the outbox). */
  mailTransport?: MailTransport | null
  /** How often an idle worker looks for jobs. pg-boss's default is 2 s. */
  pollingIntervalSeconds?: number
  /**
   * Start the billing workers only once this resolves true (never, if false): the demo seed's history
   * runs the engine with its own clock, and a run at the real time in between would cut into it.
   */
  billingAfter?: Promise<boolean>
}

/**
 * Starts pg-boss on this database (if not yet), creates the queues and registers every worker. The
 * outbox sweep runs once now and then every minute, so mail written while no worker ran goes out.
 * Returns the started pg-boss; `stopBoss()` stops it (and its workers).
 */
export async function startWorkers({
  handle,
  mailTransport = createMailTransport(),
  pollingIntervalSeconds = 2,
  billingAfter,
}: StartWorkersOptions): Promise<PgBoss> {
  const boss = await getBoss(handle)
  // Vite's dev server re-evaluates modules (and boots again); one set of workers per pg-boss is enough.
  globalThis.gymbaseWorkersStarted ??= new WeakSet()
  if (globalThis.gymbaseWorkersStarted.has(boss)) return boss
  globalThis.gymbaseWorkersStarted.add(boss)
  try {
    await createQueues(boss)

    // Up to 10 jobs a fetch, settled one by one; a full batch fetches again at once instead of
    // waiting for the next poll, so a burst of mail is not spaced out by the polling interval.
    await boss.work(
      queueNames.mailDeliver,
      { batchSize: 10, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds },
      async (jobs: Job<MailDeliverJob>[]) => {
        const results: JobResult[] = []
        for (const job of jobs) {
          try {
            const outcome = await deliverMail({
              db: handle.db,
              outboxId: job.data.outboxId,
              transport: mailTransport,
            })
            // Not there (yet): enqueued before its transaction committed, or rolled back. Retry.
            if (outcome === 'missing') {
              results.push({ id: job.id, status: 'failed', output: { message: 'outbox row not found' } })
            } else {
              results.push({ id: job.id, status: 'completed' })
            }
          } catch (error) {
            reportError(error, { queue: queueNames.mailDeliver })
            results.push({ id: job.id, status: 'failed', output: { message: errorMessage(error) } })
          }
        }
        return results
      },
    )
    await boss.work(
      queueNames.mailSweep,
      { batchSize: 1, pollingIntervalSeconds },
      reportingFailures(queueNames.mailSweep, async () => {
        await sweepMailOutbox({ db: handle.db, boss })
      }),
    )
    await boss.schedule(queueNames.mailSweep, '* * * * *')
    await boss.send(queueNames.mailSweep, null)
    // Provider events are processed from the start: a door tap's visit must not wait for the demo history.
    await startWebhookWorkers({
      boss,
      handle,
      // The providers the configuration chose, as the API and the billing jobs use them.
      payments: (db) => createPaymentServices(getProviderConfig(), db),
      pollingIntervalSeconds,
    })
    if (billingAfter) {
      // The door access sync reads the billing state (ADR 029), which the demo history is still making
      // with its own clock: it waits too, and the seed's last step syncs everyone it queued.
      void startBillingWorkersAfter({ boss, handle, pollingIntervalSeconds, billingAfter })
    } else {
      await startDoorAccessWorkers({ boss, handle, pollingIntervalSeconds })
      await startBillingWorkers({ boss, handle, pollingIntervalSeconds })
      await startSandboxBankEvents({ boss, handle, pollingIntervalSeconds })
    }
  } catch (error) {
    globalThis.gymbaseWorkersStarted.delete(boss)
    throw error
  }

  logger.info(
    { queues: queues.map((queue) => queue.name), smtp: mailTransport !== null },
    'job workers started',
  )
  return boss
}

async function startBillingWorkersAfter(options: {
  boss: PgBoss
  handle: DatabaseHandle
  pollingIntervalSeconds: number
  billingAfter: Promise<boolean>
}) {
  const { billingAfter, ...start } = options
  if (!(await billingAfter)) {
    logger.warn(
      'billing and door access jobs not started: the demo history did not finish (the next start carries on)',
    )
    return
  }
  try {
    await startDoorAccessWorkers(start)
    await startBillingWorkers(start)
    await startSandboxBankEvents(start)
    logger.info('billing and door access jobs started after the demo history')
  } catch (error) {
    logger.error({ err: { message: errorMessage(error) } }, 'could not start the billing jobs')
  }
}

/**
 * The sandbox bank's `PAYMENT.UPDATE` events, only while bank payments go through it (Akahu sends its
 * own). With the billing jobs, after the demo's history: its payments settle on the history's clock.
 */
async function startSandboxBankEvents(options: {
  boss: PgBoss
  handle: DatabaseHandle
  pollingIntervalSeconds: number
}) {
  if (getProviderConfig().bank.provider !== 'sandbox') return
  await startSandboxBankEventWorkers(options)
}
