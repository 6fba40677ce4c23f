/**
 * `npm run billing:run`: today's daily billing run, once, against DATABASE_URL (PostgreSQL), then exit 0
 * printing its summary as one line of JSON (ADR 052):
 *
 *   {"ran":true,"day":"2026-11-29","charged":…,"failed":…,"pending":…,"seconds":…,"advanced":{…},"billing":{…},"notices":{…}}
 *
 * While another run holds the daily run's lock (a second `billing:run`, or a server's own pg-boss job)
 * it does nothing and says so, still exiting 0: the day is being billed.
 *
 *   {"ran":false,"day":"2026-11-29","reason":"another billing run holds the lock","seconds":0.01}
 *
 * Killed at any moment, run it again: the next run settles what the killed one left in doubt and
 * finishes the day without a second charge. Exits 1 (and prints the error) when the run fails.
 *
 * `--now <ISO 8601>` runs the day of another instant instead of now: for rehearsals on a copy of the
 * database and for tests (tests/integration/billing/billing-run.test.ts), never for catching up in
 * production (the engine charges what is due by that clock).
 *
 * PostgreSQL only: PGlite is single-process, and the server holds its folder; there its pg-boss job runs.
 */
import { parseArgs } from 'node:util'
import { closeDatabase, databaseOptionsFromEnv, getDatabase } from '~/db/client.server'
import { publicSiteUrl } from '~/server/api/request-info'
import { runDailyBilling } from '~/server/billing/engine/daily-run.server'
import { startErrorReporting } from '~/server/error-reporting.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { createPaymentServices } from '~/server/providers/payments/payment-services.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'

const { values } = parseArgs({ options: { now: { type: 'string' } } })
const now = values.now ? new Date(values.now) : new Date()
if (Number.isNaN(now.getTime())) {
  console.error(`--now ${values.now}: not a date and time (ISO 8601, e.g. 2026-03-02T18:00:00Z)`)
  process.exit(1)
}

if (!databaseOptionsFromEnv().url) {
  console.error(
    'npm run billing:run needs DATABASE_URL (PostgreSQL). With the embedded database the server runs the daily billing job itself.',
  )
  process.exit(1)
}

try {
  const handle = await getDatabase()
  await startErrorReporting()
  const result = await runDailyBilling({
    handle,
    // The providers the configuration chose, as the server's job uses them.
    providers: createPaymentServices(getProviderConfig(), handle.db).charges,
    now,
    dunning: { mailer: createOutboxMailer(handle), siteUrl: publicSiteUrl },
  })
  console.info(JSON.stringify(result))
} catch (error) {
  console.error('The billing run failed:', error)
  process.exitCode = 1
} finally {
  await closeDatabase()
}
