/**
 * `npm run bench:cold-start`: on an empty data folder, with the build already done, the time from
 * `npm start` to
 * - the first answer (`GET /api/health`: PGlite initialisation, migrations and the demo's set-up),
 * - the first demo sign-in that works (`POST /api/login` for owner@demo.gymbase.nz answers that the
 *   code is on its way by e-mail: 400 `not_two_factor_authenticated`),
 * - the demo's year of history being made in the background (`demo_history: complete` on /api/health).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = Number(process.env.BENCH_PORT ?? 3200)
const dataDir = mkdtempSync(join(tmpdir(), 'gymbase-cold-start-'))
const origin = `http://console.localhost:${port}`
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

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

try {
  const answer = await timeUntil('first answer', async () => (await health()).ok)
  console.info(`first response after ${seconds(answer)} on an empty data folder`)
  const signIn = await timeUntil('demo sign-in', signInAnswers)
  console.info(`demo sign-in (owner@demo.gymbase.nz, code sent) works after ${seconds(signIn)}`)
  const history = await timeUntil('demo history', async () => {
    const body: unknown = await (await health()).json()
    return (
      typeof body === 'object' && body !== null && 'demo_history' in body && body.demo_history === 'complete'
    )
  })
  console.info(`demo history finished in the background after ${seconds(history)}`)
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
  // Give the server a moment to stop before its data folder goes.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  rmSync(dataDir, { recursive: true, force: true })
}
