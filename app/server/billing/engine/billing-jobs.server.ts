import type { PgBoss, Queue } from 'pg-boss'
import type { DatabaseHandle } from '~/db/client.server'
import { publicSiteUrl } from '~/server/api/request-info'
import { reportingFailures } from '~/server/error-reporting.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { createPaymentServices } from '~/server/providers/payments/payment-services.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import { requestDoorAccessSync } from '~/server/services/door-access/door-access-jobs.server'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { runDailyBilling } from './daily-run.server'
import { pollPendingPayments, settleInDoubtAttempts } from './run-billing.server'

export const BILLING_DAILY_QUEUE = 'billing.daily'
export const BILLING_POLL_QUEUE = 'billing.poll'

/** One run at a time per queue; a run that dies is retried, and every step of it is idempotent. */
export const billingQueues: Queue[] = [
  { name: BILLING_DAILY_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 300, expireInSeconds: 3600 },
  { name: BILLING_POLL_QUEUE, policy: 'singleton', retryLimit: 1, retryDelay: 60, expireInSeconds: 900 },
]

/**
 * The billing schedule: the daily run at 06:00 New Zealand time (renewals, upcoming payments, grace
 * periods, charges and retries due today, then the failed-payment e-mails), a poll of pending bank
 * payments every 15 minutes (with the e-mails of what failed at the bank), and a
 * daily run as soon as the workers start, so a server that was down at 06:00 catches up.
 */
export async function startBillingWorkers(options: {
  boss: PgBoss
  handle: DatabaseHandle
  pollingIntervalSeconds: number
}) {
  const { boss, handle, pollingIntervalSeconds } = options
  const db = handle.db
  // The providers the configuration chose (Stripe for cards when its keys are set), as the API uses.
  const providers = createPaymentServices(getProviderConfig(), db).charges
  const dunning = { mailer: createOutboxMailer(handle), siteUrl: publicSiteUrl }
  await boss.work(
    BILLING_DAILY_QUEUE,
    { pollingIntervalSeconds },
    // Under the daily run's lock: while `npm run billing:run` (or another worker) holds it, this job
    // completes at once and the run in progress does the day (ADR 052).
    reportingFailures(BILLING_DAILY_QUEUE, async () => {
      await runDailyBilling({ handle, providers, now: new Date(), dunning })
    }),
  )
  await boss.work(
    BILLING_POLL_QUEUE,
    { pollingIntervalSeconds },
    reportingFailures(BILLING_POLL_QUEUE, async () => {
      const now = new Date()
      await settleInDoubtAttempts({ db, providers, now })
      await pollPendingPayments({ db, providers, now })
      // A bank payment that failed at the bank gets its notice within the quarter hour.
      await sendDunningNotices({ db, now, ...dunning })
      requestDoorAccessSync(handle)
    }),
  )
  await boss.schedule(BILLING_DAILY_QUEUE, '0 6 * * *', null, { tz: 'Pacific/Auckland' })
  await boss.schedule(BILLING_POLL_QUEUE, '*/15 * * * *', null, { tz: 'Pacific/Auckland' })
  await boss.send(BILLING_DAILY_QUEUE, null)
}
