/**
 * `npm run billing:simulate -- --days 365 [--members 200] [--seed 1] [--start 2026-01-01] [--json]`:
 * a fresh demo organisation in an in-memory PGlite, moved day by day through the real billing engine
 * with simulated members (app/server/billing/simulation). Prints the month-by-month table (or JSON),
 * then the invariant checks; exits 1 when one fails. The start day defaults to 2026-01-01, so a seed
 * always gives the same run.
 */
import { parseArgs } from 'node:util'
import { migrateDatabase, openDatabase } from '~/db/client.server'
import { formatCents } from '~/lib/money'
import { isCalendarDate } from '~/server/billing/calendar'
import { formatMonthTable } from '~/server/billing/simulation/format-month-table'
import {
  DEFAULT_SIMULATION_START,
  simulateBilling,
} from '~/server/billing/simulation/simulate-billing.server'

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run billing:simulate -- --days 365 [--members 200] [--seed 1] [--start YYYY-MM-DD] [--json]`,
  )
  process.exit(2)
}

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '365' },
    members: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    start: { type: 'string', default: DEFAULT_SIMULATION_START },
    json: { type: 'boolean', default: false },
  },
  strict: true,
})
const positive = (name: string, value: string) => {
  const number = Number(value)
  if (!Number.isInteger(number) || number < 1)
    usage(`--${name} must be a whole number of at least 1, not ${value}`)
  return number
}
const days = positive('days', values.days)
const members = positive('members', values.members)
if (!isCalendarDate(values.start)) usage(`--start must be a day as YYYY-MM-DD, not ${values.start}`)

const started = performance.now()
const database = await openDatabase({ dataDir: 'memory://' })
try {
  await migrateDatabase(database)
  const showProgress = !values.json && process.stderr.isTTY
  const result = await simulateBilling({
    db: database.db,
    start: values.start,
    days,
    members,
    seed: values.seed,
    onDay: showProgress
      ? ({ day, index }) => {
          if (index % 7 === 0) process.stderr.write(`\rSimulating ${day} (day ${index + 1} of ${days})…`)
        }
      : undefined,
  })
  if (showProgress) process.stderr.write('\r\x1b[K')
  const seconds = (performance.now() - started) / 1000
  const failed = result.invariants.filter((invariant) => !invariant.ok)

  if (values.json) {
    console.info(
      JSON.stringify(
        {
          start: result.start,
          end: result.end,
          days,
          members,
          seed: values.seed,
          months: result.months,
          totals: result.totals,
          invariants: result.invariants,
          seconds: Math.round(seconds * 10) / 10,
        },
        null,
        2,
      ),
    )
  } else {
    console.info(
      `Simulated ${days} days from ${result.start} to ${result.end}: ${members} members (seed ${values.seed}).\n`,
    )
    console.info(formatMonthTable(result.months))
    const { totals } = result
    console.info(
      `\nMembers: ${totals.signedUp} signed up, ${totals.cancelled} cancelled, ${totals.paused} paused, ` +
        `${totals.recovered} fixed a failed payment method, ${totals.changedMethod} changed method.`,
    )
    console.info('\nInvariants:')
    for (const invariant of result.invariants) {
      console.info(`  ${invariant.ok ? 'ok  ' : 'FAIL'}  ${invariant.name}: ${invariant.description}`)
      if (!invariant.ok) {
        console.info(`        ${invariant.violations} violation(s), for example:`)
        for (const example of invariant.examples) console.info(`          ${example}`)
      }
    }
    const revenue = result.months.reduce((sum, month) => sum + month.revenue, 0)
    console.info(
      `\n${failed.length === 0 ? 'All invariants hold' : `${failed.length} invariant(s) failed`}. ` +
        `Revenue ${formatCents(revenue)}. Took ${seconds.toFixed(1)} s ` +
        `(setup ${(result.timings.setupMs / 1000).toFixed(1)} s, days ${(result.timings.daysMs / 1000).toFixed(1)} s, ` +
        `checks ${(result.timings.checksMs / 1000).toFixed(1)} s).`,
    )
  }
  if (failed.length > 0) process.exitCode = 1
} finally {
  await database.close()
}
