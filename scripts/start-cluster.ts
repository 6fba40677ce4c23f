/**
 * `npm run start:cluster`: Gymbase as several processes on one PostgreSQL (issue 29, ADR 052).
 *
 * - CLUSTER_APPS app processes (default 3) serve PORT together: each is `scripts/start.ts` run as a
 *   worker of node:cluster, and this primary process holds the listening socket and hands each new
 *   connection to the next app in turn. They run no job workers (RUN_WORKERS=false); they enqueue.
 * - CLUSTER_WORKERS job workers (default 2): `scripts/worker.ts` each, the mail, billing, door and
 *   webhook jobs. pg-boss hands every job to one of them.
 *
 * DATABASE_URL is required: the embedded database is one process's. Uploads go to DATA_DIR on this
 * machine's disk, which all the processes share. The primary builds when the sources are newer than the
 * build, before any process starts, and restarts a process that dies (not one that dies at once again and
 * again: then it stops everything). SIGINT or SIGTERM stops the apps, then the workers, gracefully.
 */

import { type ChildProcess, fork } from 'node:child_process'
import cluster, { type Worker as AppProcess } from 'node:cluster'
import { resolve } from 'node:path'
import { buildIfStale } from './build-if-stale.ts'
import { providerKeysProblem } from './lib/provider-keys.ts'

const root = resolve(import.meta.dirname, '..')

function refuse(message: string): never {
  console.error(`npm run start:cluster: ${message}`)
  process.exit(1)
}

function count(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 64)
    refuse(`${name}=${raw}: a whole number from 1 to 64`)
  return value
}

if (!process.env.DATABASE_URL) {
  refuse(
    "needs DATABASE_URL (PostgreSQL). The embedded database (PGlite) is one process's own: several processes cannot share it. Use `npm start` without DATABASE_URL.",
  )
}
if (process.env.DATA_DIR?.startsWith('memory://')) {
  refuse("DATA_DIR=memory:// keeps uploads in each process's memory; give the processes a folder to share.")
}
const apps = count('CLUSTER_APPS', 3)
const workers = count('CLUSTER_WORKERS', 2)
const port = Number(process.env.PORT ?? 3000)

// The providers' keys, once here rather than failing in every process (issue 26).
const keysProblem = await providerKeysProblem()
if (keysProblem) refuse(`Gymbase cannot start: ${keysProblem}`)

const started = performance.now()
buildIfStale(root)

let stopping = false
/** A process that dies within this long of its start, three times running, is not started again. */
const QUICK_DEATH_MS = 15_000
const quickDeaths = new Map<string, number>()

function restartOrGiveUp(name: string, bornAt: number, restart: () => void) {
  if (stopping) return
  const quick = performance.now() - bornAt < QUICK_DEATH_MS
  const deaths = quick ? (quickDeaths.get(name) ?? 0) + 1 : 0
  quickDeaths.set(name, deaths)
  if (deaths >= 3) {
    console.error(`${name} died at start three times running; stopping the cluster.`)
    process.exitCode = 1
    void stop('SIGTERM')
    return
  }
  console.warn(`${name} stopped unexpectedly; starting it again.`)
  setTimeout(restart, 1000).unref()
}

// --- The app processes: scripts/start.ts as cluster workers, sharing the primary's socket.
cluster.setupPrimary({ exec: resolve(root, 'scripts/start.ts') })
const appProcesses = new Map<number, AppProcess>()
/** cluster's worker id → our app index (1…CLUSTER_APPS), which a restarted process keeps. */
const appIndexOf = new Map<number, number>()

function startApp(index: number): AppProcess {
  const bornAt = performance.now()
  const app = cluster.fork({
    CLUSTER_APP_INDEX: String(index),
    // The job workers below run the jobs; the apps only enqueue them.
    RUN_WORKERS: 'false',
    // Built once above; N processes building at once would overwrite each other's files.
    SKIP_BUILD: 'true',
  })
  appProcesses.set(index, app)
  appIndexOf.set(app.id, index)
  app.on('exit', (code, signal) => {
    if (appProcesses.get(index) === app) appProcesses.delete(index)
    if (!stopping) console.warn(`App process ${index} exited (${signal ?? code}).`)
    restartOrGiveUp(`App process ${index}`, bornAt, () => startApp(index))
  })
  return app
}

// --- The job workers: scripts/worker.ts, TypeScript through tsx (it imports the app's modules).
const workerProcesses = new Map<number, ChildProcess>()

function startWorker(index: number): ChildProcess {
  const bornAt = performance.now()
  const worker = fork(resolve(root, 'scripts/worker.ts'), [], {
    cwd: root,
    execArgv: [...process.execArgv, '--import', 'tsx'],
    env: { ...process.env, CLUSTER_WORKER_INDEX: String(index) },
  })
  workerProcesses.set(index, worker)
  worker.on('exit', (code, signal) => {
    if (workerProcesses.get(index) === worker) workerProcesses.delete(index)
    if (!stopping) console.warn(`Job worker ${index} exited (${signal ?? code}).`)
    restartOrGiveUp(`Job worker ${index}`, bornAt, () => startWorker(index))
  })
  return worker
}

// The first app migrates the database (under a lock: the others wait, then find nothing to do) and, with
// SEED_DEMO_POSTGRES, sets the demo up; the workers start once the apps listen, so they find both done.
const listening = new Set<number>()
cluster.on('listening', (app) => {
  const index = appIndexOf.get(app.id)
  if (index !== undefined) listening.add(index)
  if (listening.size === apps && workerProcesses.size === 0 && !stopping) {
    for (let index = 1; index <= workers; index += 1) startWorker(index)
    const host = process.env.CONSOLE_HOST ?? 'console.localhost'
    console.info(
      `Gymbase cluster is ready in ${Math.round(performance.now() - started)} ms: ${apps} app processes on port ${port}, ${workers} job workers starting`,
    )
    console.info(`  console site: http://${host}:${port}/`)
  }
})
for (let index = 1; index <= apps; index += 1) startApp(index)

async function stop(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  console.info(`${signal}: stopping the cluster…`)
  // Should a process not stop, do not wait for it forever.
  setTimeout(() => {
    for (const app of appProcesses.values()) app.process.kill('SIGKILL')
    for (const worker of workerProcesses.values()) worker.kill('SIGKILL')
    process.exit(1)
  }, 30_000).unref()
  // The apps first (they stop taking requests and finish theirs), then the workers (their current jobs).
  await Promise.all(
    [...appProcesses.values()].map(
      (app) =>
        new Promise<void>((done) => {
          app.once('exit', () => done())
          app.process.kill('SIGTERM')
        }),
    ),
  )
  await Promise.all(
    [...workerProcesses.values()].map(
      (worker) =>
        new Promise<void>((done) => {
          if (worker.exitCode !== null || worker.signalCode !== null) return done()
          worker.once('exit', () => done())
          worker.kill('SIGTERM')
        }),
    ),
  )
  console.info('Cluster stopped.')
  process.exit()
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal))
