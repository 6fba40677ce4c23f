/**
 * `npm run chaos -- --runs 1000`: a thousand crashes, then the checks (issue 30 point 1, ADR 056).
 *
 * On a PostgreSQL server (`--url`, else DATABASE_URL's server, else the local one every project machine
 * runs), in databases it creates from templates and drops: the daily billing run is SIGKILLed at random
 * moments over simulated days, and the web process is SIGKILLed in the middle of a join's Confirm and of
 * a payment link's Pay, then started again while the person carries on. After each run the day is
 * finished and the checks are read: no payment charged twice (the sandbox provider's own ledger against
 * our payments), no member charged without a payment row, balances equal to what the payments say (the
 * independent `owingFromPayments`), no member without the door access they paid for, the day finished.
 * It prints a report (runs, kills by phase, each check's broken runs) and exits 1 when a check broke.
 *
 *   npm run chaos -- --runs 1000 [--seed 42] [--url postgres://…] [--web production|api] [--web-share 0.3]
 *
 * Every choice comes from the seed (printed first): the same seed makes the same runs and choices; the
 * kill moments depend on the machine's timing too. The web process is the production build when it is
 * there and fresh (`npm run build`), else the API alone (`scripts/chaos-api-server.ts`).
 */
import { parseArgs } from 'node:util'

// The engine's own lines (each run's summary) would bury the report; its errors still show.
process.env.LOG_LEVEL ??= 'error'
const { chaosHeld, formatReport, runChaos } = await import('./lib/chaos/run-chaos')

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100' },
    seed: { type: 'string' },
    url: { type: 'string' },
    web: { type: 'string' },
    'web-share': { type: 'string', default: '0.2' },
    port: { type: 'string', default: '3325' },
    members: { type: 'string', default: '30' },
    'days-per-copy': { type: 'string', default: '10' },
    'billing-lanes': { type: 'string', default: '3' },
    'web-lanes': { type: 'string', default: '2' },
    json: { type: 'boolean', default: false },
  },
})

function serverUrl(): string {
  const given = values.url ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (!given) return 'postgres://postgres@127.0.0.1:5432/postgres'
  const url = new URL(given)
  // The databases are made beside the one named; the admin connection uses the server's own.
  url.pathname = '/postgres'
  return url.toString()
}

const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs ${values.runs}: a whole number of runs, at least 1`)
  process.exit(2)
}
if (values.web !== undefined && values.web !== 'production' && values.web !== 'api') {
  console.error(`--web ${values.web}: production or api`)
  process.exit(2)
}
const seed = values.seed ?? String(Date.now() % 1_000_000_000)
console.info(`chaos: ${runs} runs, seed ${seed} (repeat with --seed ${seed})`)
// Ctrl-C (or SIGTERM) once: finish the runs under way, then report the runs made.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130)
    stopping = true
    console.info('stopping after the runs under way…')
  })
}
const report = await runChaos({
  shouldStop: () => stopping,
  runs,
  seed,
  adminUrl: serverUrl(),
  webShare: Number(values['web-share']),
  web: values.web as 'production' | 'api' | undefined,
  port: Number(values.port),
  members: Number(values.members),
  daysPerCopy: Number(values['days-per-copy']),
  billingLanes: Number(values['billing-lanes']),
  webLanes: Number(values['web-lanes']),
  log: (line) => console.info(line),
})
console.info(values.json ? JSON.stringify(report, null, 2) : formatReport(report))
process.exit(chaosHeld(report) ? 0 : 1)
