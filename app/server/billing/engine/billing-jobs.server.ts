import type { PgBoss, Queue } from 'pg-boss'
import type { DatabaseHandle } from '~/db/client.server'
import { publicSiteUrl } from '~/server/api/request-info'
import { logger } from '~/server/logger.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { createBankServices } from '~/server/providers/payments/bank-services.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import { requestDoorAccessSync } from '~/server/services/door-access/door-access-jobs.server'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { advanceSubscriptions } from './advance-subscriptions.server'
import { pollPendingPayments, runBilling, settleInDoubtAttempts } from './run-billing.server'

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
  // The bank side by configuration (Akahu or its sandbox, issue 26), as the API's.
  const providers = {
    ...createSandboxProviders({ db }),
    bank: createBankServices(getProviderConfig().bank, db).charges,
  }
  const dunning = { mailer: createOutboxMailer(handle), siteUrl: publicSiteUrl }
  await boss.work(BILLING_DAILY_QUEUE, { pollingIntervalSeconds }, async () => {
    const now = new Date()
    const advanced = await advanceSubscriptions({ db, now })
    const charged = await runBilling({ db, providers, now })
    const notices = await sendDunningNotices({ db, now, ...dunning })
    // Whoever paid, fell out of grace or ended today opens (or stops opening) the doors now (ADR 029).
    requestDoorAccessSync(handle)
    logger.info({ advanced, charged, notices }, 'billing run finished')
  })
  await boss.work(BILLING_POLL_QUEUE, { pollingIntervalSeconds }, async () => {
    const now = new Date()
    await settleInDoubtAttempts({ db, providers, now })
    await pollPendingPayments({ db, providers, now })
    // A bank payment that failed at the bank gets its notice within the quarter hour.
    await sendDunningNotices({ db, now, ...dunning })
    requestDoorAccessSync(handle)
  })
  await boss.schedule(BILLING_DAILY_QUEUE, '0 6 * * *', null, { tz: 'Pacific/Auckland' })
  await boss.schedule(BILLING_POLL_QUEUE, '*/15 * * * *', null, { tz: 'Pacific/Auckland' })
  await boss.send(BILLING_DAILY_QUEUE, null)
}
