/**
 * `npm run chaos` in `npm test` (issue 30 point 1, ADR 056): 50 runs of the same chaos as
 * `npm run chaos -- --runs 1000`: the daily billing run SIGKILLed over simulated days, the web process
 * (the API in a process of its own) SIGKILLed in the middle of a join's Confirm and a payment link's Pay,
 * then every check. On PostgreSQL: TEST_DATABASE_URL's server when set, else the local server every
 * project machine runs (STACK-NOTES "Services"); its databases are made from templates and dropped.
 * PGlite has no place here: its folder is one process's, and the chaos is several processes at once.
 *
 * Seeded: `CHAOS_SEED=<seed> npx vitest run tests/integration/billing/chaos-runs.test.ts` makes the
 * same runs and choices again (the kill moments also depend on the machine's timing). The seed is in
 * the failure's message.
 */
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { chaosHeld, formatReport, runChaos } from '../../../scripts/lib/chaos/run-chaos'

const SEED = process.env.CHAOS_SEED ?? String(Date.now() % 1_000_000_000)
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres'

/** A port nobody listens on now, for the web process. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

describe('npm run chaos, 50 runs [pg]', () => {
  it('kills the billing run and the web process 50 times and every check holds', async () => {
    const admin = new URL(process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES)
    admin.pathname = '/postgres'
    const lines: string[] = []
    const report = await runChaos({
      runs: 50,
      seed: SEED,
      adminUrl: admin.toString(),
      webShare: 0.1,
      web: 'api',
      port: await freePort(),
      members: 8,
      daysPerCopy: 10,
      billingLanes: 3,
      webLanes: 1,
      log: (line) => lines.push(line),
    })
    const printed = formatReport(report)
    console.info(printed)
    const where = `CHAOS_SEED=${SEED} (repeat with CHAOS_SEED=${SEED} npx vitest run tests/integration/billing/chaos-runs.test.ts)\n${printed}`
    expect(chaosHeld(report), where).toBe(true)
    expect(report.runs.billing + report.runs.join + report.runs.pay, where).toBe(50)
    const kills = (kind: string) =>
      Object.entries(report.kills)
        .filter(([phase]) => phase.startsWith(`${kind}:`))
        .reduce((sum, [, count]) => sum + count, 0)
    // The story had all its parts: billing runs killed, and both web flows killed mid-request.
    expect(kills('billing'), where).toBeGreaterThanOrEqual(report.runs.billing)
    expect(kills('join') + kills('pay'), where).toBe(report.runs.join + report.runs.pay)
    expect(report.runs.join, where).toBeGreaterThan(0)
    expect(report.runs.pay, where).toBeGreaterThan(0)
  }, 900_000)
})
