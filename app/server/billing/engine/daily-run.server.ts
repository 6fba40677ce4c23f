import { withTryAdvisoryLock } from '~/db/advisory-lock.server'
import type { DatabaseHandle } from '~/db/client.server'
import { logger } from '~/server/logger.server'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import type { Mailer } from '~/server/services/auth/mailer'
import { requestDoorAccessSync } from '~/server/services/door-access/door-access-jobs.server'
import { type DunningStats, sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import {
  type JoinsInDoubtStats,
  settleJoinsInDoubt,
} from '~/server/services/join/settle-joins-in-doubt.server'
import type { SiteUrl } from '~/server/services/payment-links/mail-payment-link.server'
import { calendarDateAt } from '../calendar'
import { type AdvanceStats, advanceSubscriptions } from './advance-subscriptions.server'
import { type BillingRunStats, runBilling } from './run-billing.server'

/** What a daily run did, as `npm run billing:run` prints it and the job logs it. */
export interface DailyRunDone {
  ran: true
  /** The billing day (Auckland calendar date of `now`). */
  day: string
  /** Payments charged successfully, refused, and sent to the bank and not yet settled (this run's). */
  charged: number
  failed: number
  pending: number
  seconds: number
  advanced: AdvanceStats
  billing: BillingRunStats
  notices: DunningStats
  /** Joins whose first charge a dead web process left in doubt, settled (ADR 056). */
  joins: JoinsInDoubtStats
}

/** Another process (or this one) holds the daily run's lock: this call did nothing. */
export interface DailyRunSkipped {
  ran: false
  day: string
  reason: 'another billing run holds the lock'
  seconds: number
}

export type DailyRunResult = DailyRunDone | DailyRunSkipped

/**
 * The daily billing run (DESIGN §5, ADR 052): renewals and the day's upcoming payments, the charges and
 * retries due, the failed-payment e-mails, then a door access sync for whoever paid or lapsed. One
 * function for the pg-boss job and `npm run billing:run`, under one lock both honour: a second run
 * started while one works returns at once, saying so, instead of doing the same work beside it.
 *
 * The lock only keeps runs from doubling the work; it is not what keeps a charge single. Every step is
 * idempotent on its own (claims with SKIP LOCKED, keys stored before a provider is called, attempts in
 * doubt settled first), so a run killed at any moment is finished by the next one without a second charge.
 */
export async function runDailyBilling(options: {
  handle: DatabaseHandle
  providers: PaymentProviders
  now: Date
  dunning: { mailer: Mailer; siteUrl: SiteUrl }
}): Promise<DailyRunResult> {
  const { handle, providers, now, dunning } = options
  const db = handle.db
  const day = calendarDateAt(now)
  const started = performance.now()
  const seconds = () => Math.round(performance.now() - started) / 1000
  const outcome = await withTryAdvisoryLock(handle, 'billingDailyRun', async () => {
    // A join whose Confirm was cut off after its card was charged becomes a membership before the day
    // is billed, so its renewals are in the day like anyone's.
    const joins = await settleJoinsInDoubt({ db, providers, now, mailer: dunning.mailer })
    const advanced = await advanceSubscriptions({ db, now })
    const billing = await runBilling({ db, providers, now })
    const notices = await sendDunningNotices({ db, now, ...dunning })
    // Whoever paid, fell out of grace or ended today opens (or stops opening) the doors now (ADR 029).
    requestDoorAccessSync(handle)
    return { advanced, billing, notices, joins }
  })
  if (!outcome.acquired) {
    logger.info({ day }, 'billing run skipped: another run holds the lock')
    return { ran: false, day, reason: 'another billing run holds the lock', seconds: seconds() }
  }
  const { advanced, billing, notices, joins } = outcome.value
  const result: DailyRunDone = {
    ran: true,
    day,
    charged: billing.succeeded,
    failed: billing.failed,
    pending: billing.pending,
    seconds: seconds(),
    advanced,
    billing,
    notices,
    joins,
  }
  logger.info(result, 'billing run finished')
  return result
}
