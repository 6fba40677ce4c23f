import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type DatabaseHandle, migrateDatabase, openDatabase } from '~/db/client.server'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { billingPolicy } from '~/server/billing/engine/policy'
import { createRandom } from '~/server/seed/random'
import { bundleScript } from '../script-bundle'
import { BillingChildPool, billingChaosDay, finishDay, KillWindow } from './billing-lane'
import { type CheckName, type CheckOutcome, checkNames, runChecks } from './checks'
import { ChaosDatabases } from './databases'
import { addBillingMembers, type ChaosOrganisation, createChaosOrganisation, FIRST_DAY } from './fixture'
import { joinRun, payRun, type WebRunRecord, WebServer } from './web-lane'

export interface ChaosOptions {
  runs: number
  seed: string
  /** A PostgreSQL server's URL whose user may create databases. */
  adminUrl: string
  /** Share of the runs that kill the web process (half in a join's confirm, half in a link's pay). */
  webShare: number
  /** The web process: the production build (`npm start`) or the API alone; by default the build if fresh. */
  web?: 'production' | 'api'
  port: number
  /** Members of the billing fixture. */
  members: number
  /** Billing runs going at once, each on its own copy of the fixture. */
  billingLanes: number
  /** Web processes going at once (ports `port`, `port + 1`, …), each on its own database. */
  webLanes: number
  /** Simulated days on one copy of the billing fixture before a fresh copy. */
  daysPerCopy: number
  log: (line: string) => void
  /** Asked before each run: true ends the chaos there (Ctrl-C), and the report covers the runs made. */
  shouldStop?: () => boolean
}

export interface ChaosReport {
  seed: string
  runs: { billing: number; join: number; pay: number }
  /** Kills by the phase they landed in, per kind (`billing: charging`, `join: key stored, …`). */
  kills: Record<string, number>
  /**
   * Per check: runs after which it was newly broken (0 is what must be), with the first few cases.
   */
  checks: Record<CheckName, { failedRuns: number; examples: string[] }>
  /** How the people's flows ended after the restart. */
  outcomes: Record<string, number>
  problems: string[]
  web: 'production' | 'api'
  webStarts: number
  seconds: number
  /** Where the time went, per lane and step (seconds, summed over runs). */
  timings: Record<string, number>
}

/** The production build is there and newer than the sources (`npm start` would not build first). */
export function freshBuild(root: string): boolean {
  const bundle = join(root, 'dist/server/server-entry.js')
  if (!existsSync(bundle)) return false
  const built = statSync(bundle).mtimeMs
  const newest = (path: string): number => {
    const stat = statSync(path)
    if (!stat.isDirectory()) return stat.mtimeMs
    let found = stat.mtimeMs
    for (const entry of readdirSync(path)) found = Math.max(found, newest(join(path, entry)))
    return found
  }
  return ['app', 'drizzle'].every((folder) => newest(join(root, folder)) <= built)
}

/**
 * `npm run chaos` (issue 30, point 1; ADR 056). Two lanes at once on one PostgreSQL server, every
 * choice drawn from one seed:
 *
 * - **billing**: a simulated day per run on a copy of the billing fixture (a fresh copy every
 *   `daysPerCopy` days): the daily run SIGKILLed at random moments, then the day finished;
 * - **web**: the web process started against its own database and SIGKILLed in the middle of a join's
 *   Confirm or a payment link's Pay (real HTTP), started again, and the person's flow carried on.
 *
 * After each run every check is read from the database (`runChecks`): a broken check counts the run.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = performance.now()
  const root = process.cwd()
  const web = options.web ?? (freshBuild(root) ? 'production' : 'api')
  const random = createRandom(`chaos-${options.seed}`)
  // The web's share of the runs exactly (half joins, half payment links), in a seeded order: drawn run by
  // run, a short chaos could go without a join or a pay at all.
  const webRuns = Math.round(options.runs * options.webShare)
  const kinds: Array<'join' | 'pay' | 'billing'> = [
    ...Array.from({ length: Math.ceil(webRuns / 2) }, () => 'join' as const),
    ...Array.from({ length: Math.floor(webRuns / 2) }, () => 'pay' as const),
    ...Array.from({ length: options.runs - webRuns }, () => 'billing' as const),
  ]
  const order = random.fork('kinds')
  for (let index = kinds.length - 1; index > 0; index -= 1) {
    const other = Math.floor(order.next() * (index + 1))
    ;[kinds[index], kinds[other]] = [
      kinds[other] as (typeof kinds)[number],
      kinds[index] as (typeof kinds)[number],
    ]
  }
  const report: ChaosReport = {
    seed: options.seed,
    runs: { billing: 0, join: 0, pay: 0 },
    kills: {},
    checks: Object.fromEntries(
      checkNames.map((name) => [name, { failedRuns: 0, examples: [] as string[] }]),
    ) as ChaosReport['checks'],
    outcomes: {},
    problems: [],
    web,
    webStarts: 0,
    seconds: 0,
    timings: {},
  }
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const from = performance.now()
    try {
      return await work()
    } finally {
      report.timings[step] = (report.timings[step] ?? 0) + (performance.now() - from) / 1000
    }
  }
  const count = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1
  }
  // A broken case stays in its database for the runs after it: each is counted once, by the run that
  // broke it (the lanes' databases are apart, so a case names its lane's database too).
  const seen = new Set<string>()
  const record = (run: string, database: string, outcome: CheckOutcome) => {
    for (const name of checkNames) {
      const broken = outcome[name].filter((line) => {
        const key = `${database} ${name} ${line}`
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      if (broken.length === 0) continue
      report.checks[name].failedRuns += 1
      if (report.checks[name].examples.length < 5)
        report.checks[name].examples.push(`${run}: ${broken.slice(0, 3).join(' | ')}`)
    }
  }

  const databases = new ChaosDatabases(options.adminUrl)
  const bundles: { remove(): void }[] = []
  const handles: DatabaseHandle[] = []
  try {
    // The templates: the organisation (base), and it with the billing members (billing).
    const base = await databases.create('base')
    let organisation: ChaosOrganisation
    {
      const handle = await openDatabase({ url: base.url })
      await migrateDatabase(handle)
      organisation = await createChaosOrganisation(handle.db, options.seed)
      await handle.close()
    }
    const billingTemplate = await databases.create('billing', base.name)
    {
      const handle = await openDatabase({ url: billingTemplate.url })
      await addBillingMembers(handle.db, organisation, options.members, options.seed)
      await handle.close()
    }
    options.log(
      `templates ready in ${((performance.now() - started) / 1000).toFixed(1)} s (web process: ${web})`,
    )

    const childBundle = await bundleScript(join(root, 'scripts/billing-run-child.ts'))
    bundles.push(childBundle)
    const apiBundle =
      web === 'api' ? await bundleScript(join(root, 'scripts/chaos-api-server.ts')) : undefined
    if (apiBundle) bundles.push(apiBundle)

    const billingRuns = kinds.flatMap((kind, index) => (kind === 'billing' ? [index] : []))
    const webRuns = kinds.flatMap((kind, index) => (kind === 'billing' ? [] : [{ index, kind }]))

    const billingLane = async (lane: number, runs: number[]) => {
      const pool = new BillingChildPool(childBundle.command, 2)
      const killWindow = new KillWindow(3000)
      let copy: { name: string; url: string; handle: DatabaseHandle } | undefined
      let dayOfCopy = 0
      try {
        for (const [position, index] of runs.entries()) {
          if (options.shouldStop?.()) break
          if (!copy || dayOfCopy >= options.daysPerCopy) {
            if (copy) {
              await copy.handle.close()
              await databases.drop(copy.name)
            }
            const made = await timed('billing: copy the template', () =>
              databases.create(`b${lane}_${position}`, billingTemplate.name),
            )
            copy = { ...made, handle: await openDatabase({ url: made.url }) }
            dayOfCopy = 0
          }
          const day = addDays(FIRST_DAY, dayOfCopy)
          dayOfCopy += 1
          let run: Awaited<ReturnType<typeof billingChaosDay>>
          try {
            run = await billingChaosDay({
              timed,
              handle: copy.handle,
              url: copy.url,
              pool,
              day,
              random: createRandom(`chaos-${options.seed}-run-${index}`),
              killWindow,
            })
          } catch (error) {
            report.problems.push(
              `run ${index} (billing, ${day}): ${error instanceof Error ? error.message : String(error)}`,
            )
            continue
          }
          report.runs.billing += 1
          for (const phase of run.kills) count(report.kills, `billing: ${phase}`)
          report.problems.push(...run.errors.map((error) => `run ${index}: ${error}`))
          const inDoubtBefore = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)
          const db = copy.handle.db
          record(
            `run ${index} (billing, ${day})`,
            copy.name,
            await timed('billing: checks', () => runChecks(db, { today: day, startedBefore: inDoubtBefore })),
          )
          if (report.runs.billing % 25 === 0) options.log(progress(report, started))
        }
      } finally {
        await pool.close()
        if (copy) await copy.handle.close()
      }
    }

    const webLane = async (lane: number, runs: { index: number; kind: string }[]) => {
      if (runs.length === 0) return
      const made = await databases.create(`web${lane}`, base.name)
      const handle = await openDatabase({ url: made.url })
      handles.push(handle)
      const server = new WebServer({
        mode: web,
        port: options.port + lane,
        databaseUrl: made.url,
        apiCommand: apiBundle?.command ?? [],
      })
      const joinWindow = new KillWindow(1500)
      const payWindow = new KillWindow(1500)
      const later = async () => {
        await finishDay({ handle, now: new Date(Date.now() + billingPolicy.inDoubtAfterMs + 60_000) })
      }
      await server.start()
      try {
        for (const { index, kind } of runs) {
          if (options.shouldStop?.()) break
          const random = createRandom(`chaos-${options.seed}-run-${index}`)
          let run: WebRunRecord
          try {
            if (kind === 'join') {
              run = await timed('web: join runs', () =>
                joinRun({ db: handle.db, server, organisation, random, killWindow: joinWindow }),
              )
              report.runs.join += 1
            } else {
              run = await timed('web: pay runs', () =>
                payRun({ db: handle.db, server, organisation, random, killWindow: payWindow, later }),
              )
              report.runs.pay += 1
            }
          } catch (error) {
            // A flow that could not go on (the machine too slow for the web process to start, an
            // answer nobody expected) is a problem of the report; the lane starts the process again.
            report.problems.push(
              `run ${index} (${kind}): ${error instanceof Error ? error.message : String(error)}`,
            )
            await server.kill()
            await server.start()
            continue
          }
          count(report.kills, `${run.kind}: ${run.kill}`)
          count(report.outcomes, `${run.kind}: ${run.outcome}`)
          report.problems.push(...run.problems.map((problem) => `run ${index} (${kind}): ${problem}`))
          // The day finished: the next billing run, once what the kill left in doubt is old enough.
          const now = new Date(Date.now() + billingPolicy.inDoubtAfterMs + 60_000)
          await timed('web: finish the day', () => finishDay({ handle, now }))
          const checks = await timed('web: checks', () =>
            runChecks(handle.db, {
              today: calendarDateAt(now),
              startedBefore: new Date(now.getTime() - billingPolicy.inDoubtAfterMs),
            }),
          )
          record(`run ${index} (${kind})`, made.name, checks)
        }
      } finally {
        report.webStarts += server.starts
        await server.stop()
      }
    }

    const lanes = Array.from({ length: options.billingLanes }, (_, lane) =>
      billingLane(
        lane,
        billingRuns.filter((_, position) => position % options.billingLanes === lane),
      ),
    )
    const webLanes = Array.from({ length: options.webLanes }, (_, lane) =>
      webLane(
        lane,
        webRuns.filter((_, position) => position % options.webLanes === lane),
      ),
    )
    await Promise.all([...lanes, ...webLanes])
  } finally {
    for (const handle of handles) await handle.close()
    for (const bundle of bundles) bundle.remove()
    await databases.close()
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10
  return report
}

function progress(report: ChaosReport, started: number) {
  const done = report.runs.billing + report.runs.join + report.runs.pay
  const broken = checkNames.filter((name) => report.checks[name].failedRuns > 0)
  const kills = Object.values(report.kills).reduce((sum, n) => sum + n, 0)
  return `${done} runs (billing ${report.runs.billing}, join ${report.runs.join}, pay ${report.runs.pay}), ${kills} kills in ${((performance.now() - started) / 1000).toFixed(0)} s; ${broken.length === 0 ? 'every check holds' : `broken: ${broken.join(', ')}`}; ${report.problems.length} problems`
}

/** The report as the CLI prints it. */
export function formatReport(report: ChaosReport): string {
  const total = report.runs.billing + report.runs.join + report.runs.pay
  const out = [
    `chaos seed ${report.seed}: ${total} runs in ${report.seconds} s (billing ${report.runs.billing}, join ${report.runs.join}, pay ${report.runs.pay}); web process: ${report.web}, started ${report.webStarts} times`,
    '',
    'kills by phase:',
    ...Object.entries(report.kills)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([phase, kills]) => `  ${String(kills).padStart(5)}  ${phase}`),
    '',
    'after the restart:',
    ...Object.entries(report.outcomes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([outcome, runs]) => `  ${String(runs).padStart(5)}  ${outcome}`),
    '',
    'time (s, summed over runs; the lanes overlap):',
    ...Object.entries(report.timings).map(
      ([step, seconds]) => `  ${seconds.toFixed(1).padStart(7)}  ${step}`,
    ),
    '',
    'checks (runs after which it was broken):',
    ...checkNames.map((name) => {
      const { failedRuns, examples } = report.checks[name]
      return [
        `  ${String(failedRuns).padStart(5)}  ${name}`,
        ...examples.map((example) => `           ${example}`),
      ].join('\n')
    }),
  ]
  if (report.problems.length > 0) {
    out.push(
      '',
      `problems (${report.problems.length}):`,
      ...report.problems.slice(0, 10).map((problem) => `  ${problem}`),
    )
  }
  return out.join('\n')
}

/** Whether every check held and no flow or child went wrong. */
export function chaosHeld(report: ChaosReport): boolean {
  return report.problems.length === 0 && checkNames.every((name) => report.checks[name].failedRuns === 0)
}
