import type { Db } from '~/db/client.server'
import { type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import {
  type BillingRunStats,
  pollPendingPayments,
  runBilling,
  settleInDoubtAttempts,
} from '~/server/billing/engine/run-billing.server'
import { DAILY_RUN_TIME } from '~/server/billing/next-charge'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'

/** When the simulation runs the jobs on each day, Auckland time. */
export const simulatedJobTimes = {
  /** The daily run (`billing.daily`, 06:00 like the pg-boss schedule): schedule step, then charges. */
  daily: DAILY_RUN_TIME,
  /**
   * A poll of pending bank payments (`billing.poll`): bank charges settle an hour after the run, slow
   * banks three days later, which the next runs' own polls pick up.
   */
  polls: ['09:00'],
} as const

/**
 * One day of the real billing jobs with the clock at that day: the schedule step and the billing run,
 * then the pending-payment polls later in the day, exactly as the pg-boss workers call them.
 */
export async function runBillingDay(options: {
  db: Db
  providers: PaymentProviders
  day: CalendarDateString
}): Promise<BillingRunStats> {
  const { db, providers, day } = options
  const morning = instantAt(day, simulatedJobTimes.daily)
  await advanceSubscriptions({ db, now: morning })
  const stats = await runBilling({ db, providers, now: morning })
  for (const time of simulatedJobTimes.polls) {
    const now = instantAt(day, time)
    stats.settledInDoubt += await settleInDoubtAttempts({ db, providers, now })
    stats.polled += await pollPendingPayments({ db, providers, now })
  }
  return stats
}
