/**
 * `npm run bench:cold-start -- [--runs N]`: on an empty data folder, with the build already done, the
 * time from `npm start` to
 * - the first answer (`GET /api/health`: the database restored from the build's template, or made and
 *   migrated without one, and the demo's set-up),
 * - the first demo sign-in that works (`POST /api/login` for owner@demo.gymbase.nz answers that the
 *   code is on its way by e-mail: 400 `not_two_factor_authenticated`),
 * - the demo's year of history being made in the background (`demo_history: complete` on /api/health).
 *
 * The figure issue 29 sets (under 5 s) is the first answer with the demo sign-ins ready: the later of
 * the first two. With `--runs N` it starts N times, each on a new data folder, and prints the median;
 * `--skip-history` stops each run once the sign-ins work.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'skip-history': { type: 'boolean', default: false } },
})
const port = Number(process.env.BENCH_PORT ?? 3200)
const origin = `http://console.localhost:${port}`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** One start on an empty data folder: when it first answered, when a demo sign-in worked, when the history was made. */
async function coldStart() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gymbase-cold-start-'))
  const started = performance.now()
  const server = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
      // No SMTP server: the sign-in's code stays in the outbox, which is all this measures.
      SMTP_URL: '',
    },
    stdio: 'ignore',
    detached: true,
  })

  /** Polls `probe` every 50 ms until it says yes; the time since `npm start`. */
  async function timeUntil(what: string, probe: () => Promise<boolean>): Promise<number> {
    const deadline = started + 180_000
    while (performance.now() < deadline) {
      try {
        if (await probe()) return performance.now() - started
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`${what}: not within 180 s`)
  }

  try {
    const answer = await timeUntil('first answer', async () => (await health()).ok)
    const signIn = await timeUntil('demo sign-in', signInAnswers)
    const ready = Math.max(answer, signIn)
    console.info(
      `first answer with the demo sign-ins ready: ${seconds(ready)} (first answer ${seconds(answer)}, demo sign-in ${seconds(signIn)})`,
    )
    if (values['skip-history']) return { ready, history: Number.NaN }
    const history = await timeUntil('demo history', async () => {
      const body: unknown = await (await health()).json()
      return (
        typeof body === 'object' &&
        body !== null &&
        'demo_history' in body &&
        body.demo_history === 'complete'
      )
    })
    console.info(`  demo history finished in the background after ${seconds(history)}`)
    return { ready, history }
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM')
    // Give the server a moment to stop before its data folder goes.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const health = () => fetch(`http://127.0.0.1:${port}/api/health`)
async function signInAnswers(): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: {
      Origin: origin,
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email: 'owner@demo.gymbase.nz', password: 'gymbase-demo' }),
  })
  // Staff are asked for the e-mailed code: the password was right and the code is in the outbox.
  const body: unknown = await response.json()
  return (
    response.status === 400 &&
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    body.error === 'not_two_factor_authenticated'
  )
}

const runs: Array<{ ready: number; history: number }> = []
for (let run = 0; run < Number(values.runs); run += 1) runs.push(await coldStart())
if (runs.length > 1) {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  }
  console.info(
    `median of ${runs.length}: first answer with the demo sign-ins ready ${seconds(median(runs.map((run) => run.ready)))}` +
      (values['skip-history'] ? '' : `, demo history ${seconds(median(runs.map((run) => run.history)))}`),
  )
}
