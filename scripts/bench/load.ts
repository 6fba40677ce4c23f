/**
 * `npm run bench:load [-- --seconds 300 --signups 50 --staff 20]` (issue 30 point 8, ADR 059): the
 * production build under the load of a busy evening. Serves `npm start` itself on BENCH_PORT (default
 * 3355) from a data folder of its own (`.data/bench-load`: the demo, its year of history made on the
 * first run and kept for the next; `--fresh` makes it again), with an SMTP server this script runs
 * (BENCH_SMTP_PORT, default 3356) so the e-mailed codes can be typed.
 *
 * - `--signups` people join at once, each as the join pages do it, through the same API calls: the gyms,
 *   register, the e-mailed code, about you, a photo (a 400 px JPEG from the phone), a card through the
 *   sandbox's card form, a bank account through the sandbox bank's consent, the memberships on offer,
 *   confirm. Each comes from an address of their own (X-Forwarded-For, the server trusting it as
 *   behind a load balancer: TRUST_PROXY=true), and begins the next sign-up as soon as one ends.
 * - `--staff` staff members (the demo's owner, gym admins and trainer in turn, each signed in with their
 *   code) browse: the members list, a page further on, a search, a member and their payments, the
 *   payments list, the visits list; `--think-ms` (default 1000) between clicks, as a person reads.
 *
 * It reports every request that failed (a status of 400 or more, or no answer), the count, median and
 * p95 of each kind of request, and then, with the server stopped, checks nothing was lost: every
 * sign-up whose confirm was answered is in the database with its membership, a payment and its photo
 * on disk. Exits 1 on any failure or loss. Build first (`npm run build`); run under
 * `flock /work/bench.lock` on a shared machine.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '~/db/pglite-setup.server'
import { type AnswerRecorder, joinClient, joinedMember, startMailCapture } from './join-member.ts'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '300' },
    signups: { type: 'string', default: '50' },
    staff: { type: 'string', default: '20' },
    'think-ms': { type: 'string', default: '1000' },
    fresh: { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds)
const signupWorkers = Number(values.signups)
const staffWorkers = Number(values.staff)
const thinkMs = Number(values['think-ms'])
const port = Number(process.env.BENCH_PORT ?? 3355)
const root = resolve(import.meta.dirname, '../..')
const dataDir = resolve(root, process.env.BENCH_DATA_DIR ?? '.data/bench-load')
const joinOrigin = `http://join.localhost:${port}`
const consoleOrigin = `http://console.localhost:${port}`
const staffEmails = [
  'owner@demo.gymbase.nz',
  'manager@demo.gymbase.nz',
  'regional@demo.gymbase.nz',
  'trainer@demo.gymbase.nz',
]

// ---- what was asked and answered -------------------------------------------------------------------

interface Sample {
  ms: number
  ok: boolean
}
const samples = new Map<string, Sample[]>()
const failures: string[] = []
/** A kind per route, not per record: `/members/123` and `/members/456` are one kind. */
const kindOf = (method: string, path: string) =>
  `${method} ${path.split('?')[0]?.replace(/\/\d+(?=\/|$)/g, '/{id}')}`
const recorder =
  (who: 'join' | 'staff'): AnswerRecorder =>
  ({ method, path, status, ms }) => {
    const kind = `${who} ${kindOf(method, path)}`
    const ok = status > 0 && status < 400
    const list = samples.get(kind) ?? []
    list.push({ ms, ok })
    samples.set(kind, list)
    if (!ok && failures.length < 50) failures.push(`${kind} answered ${status || 'nothing'}`)
  }
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

// ---- the server ---------------------------------------------------------------------------------------

const mail = await startMailCapture(Number(process.env.BENCH_SMTP_PORT ?? 3356))
if (values.fresh) rmSync(dataDir, { recursive: true, force: true })

function startServer(): ChildProcess {
  return spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: mail.url,
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function health(): Promise<{ demo_history?: string } | undefined> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`)
    return answer.ok ? ((await answer.json()) as { demo_history?: string }) : undefined
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms))
const server = startServer()
const serverExited = new Promise<number | null>((resolveExit) => server.once('exit', resolveExit))
const stopServer = async () => {
  if (server.exitCode === null) server.kill('SIGTERM')
  await serverExited
}
process.once('SIGINT', () => void stopServer().then(() => process.exit(130)))

try {
  const waitStarted = performance.now()
  for (;;) {
    if (server.exitCode !== null) throw new Error('The server exited before it was ready')
    const state = await health()
    if (state?.demo_history === 'complete') break
    if (performance.now() - waitStarted > 900_000)
      throw new Error('The demo history was not made within 15 minutes')
    await sleep(1000)
  }
  console.info(
    `Server ready on ${dataDir} (the demo's history made) after ${Math.round((performance.now() - waitStarted) / 1000)} s`,
  )

  // ---- staff sign in, one after another (their codes come by mail) ------------------------------------
  const staff = []
  for (let index = 0; index < staffWorkers; index += 1) {
    const email = staffEmails[index % staffEmails.length] as string
    const forwardedFor = `10.20.0.${index + 1}`
    // Signing in is not part of the browsing measured: the password's answer asks for the e-mailed code
    // (a 400 the login page reads as "enter the code", not a failure).
    // A code of an earlier run's sign-in may still be in the outbox and come first: then sign in again.
    const signingIn = joinClient(consoleOrigin, { forwardedFor })
    for (let attempt = 1; ; attempt += 1) {
      const mark = mail.received()
      await signingIn.call('POST', '/login', { email, password: 'gymbase-demo' }).catch((error: Error) => {
        if (!error.message.includes('not_two_factor_authenticated')) throw error
      })
      const verified = await signingIn
        .call('POST', '/email/verify', {
          // The latest code: each sign-in sends one, and only the newest is the session's.
          code: await mail.codeFor(email, mark).then(async () => {
            await sleep(1000)
            return mail.codeFor(email, mark, 'last')
          }),
        })
        .then(() => true)
        .catch((error: Error) => {
          if (attempt >= 3) throw error
          console.info(`  signing ${email} in again: ${error.message}`)
          return false
        })
      if (verified) break
    }
    staff.push(
      joinClient(consoleOrigin, { forwardedFor, cookie: signingIn.cookie(), record: recorder('staff') }),
    )
  }

  const deadline = performance.now() + seconds * 1000
  const answered: string[] = []
  let started = 0
  let unfinished = 0
  const runId = Date.now().toString(36)

  const signups = Array.from({ length: signupWorkers }, async (_, worker) => {
    while (performance.now() < deadline) {
      const number = started
      started += 1
      const email = `load-${runId}-${number}@bench.gymbase.test`
      try {
        await joinedMember({
          joinOrigin,
          mail,
          email,
          name: `Load Member ${number}`,
          gym: number,
          // One address per person: 10.x.y.z from the sign-up's number.
          forwardedFor: `10.${100 + (number >> 16)}.${(number >> 8) & 255}.${number & 255}`,
          record: recorder('join'),
        })
        answered.push(email)
      } catch (error) {
        unfinished += 1
        if (failures.length < 50)
          failures.push(`sign-up ${number} (worker ${worker}): ${(error as Error).message}`)
      }
    }
  })

  const browsing = staff.map(async (client, index) => {
    // A trainer sees no money (ADR 032): their screens show neither the payments list nor a member's
    // payments, so they do not ask for them.
    const seesMoney = staffEmails[index % staffEmails.length] !== 'trainer@demo.gymbase.nz'
    const search = ['a', 'mar', 'te', 'jo', 'son', 'li'][index % 6] as string
    while (performance.now() < deadline) {
      const page = 1 + Math.floor(Math.random() * 5)
      const steps: Array<() => Promise<unknown>> = [
        () => client.call('GET', '/members'),
        () => client.call('GET', `/members?page=${page}`),
        () => client.call('GET', `/members?search=${search}`),
        async () => {
          const list = (await client.call('GET', `/members?page=${page}&sort=name`)) as {
            data: Array<{ id: number }>
          }
          const member = list.data[Math.floor(Math.random() * list.data.length)]
          if (!member) return
          await sleep(thinkMs)
          await client.call('GET', `/members/${member.id}`)
          if (seesMoney) await client.call('GET', `/users/${member.id}/payments`)
        },
        async () => (seesMoney ? client.call('GET', '/payments') : undefined),
        () => client.call('GET', '/visits'),
      ]
      for (const step of steps) {
        if (performance.now() >= deadline) break
        await step().catch(() => undefined)
        await sleep(thinkMs * (0.5 + Math.random()))
      }
    }
  })

  const progress = setInterval(() => {
    const requests = [...samples.values()].reduce((sum, list) => sum + list.length, 0)
    console.info(
      `  … ${answered.length} sign-ups answered, ${requests} requests, ${failures.length} failures`,
    )
  }, 30_000)
  const loadStarted = performance.now()
  await Promise.all([...signups, ...browsing])
  clearInterval(progress)
  const loadSeconds = (performance.now() - loadStarted) / 1000

  // ---- the figures ------------------------------------------------------------------------------------
  let failed = 0
  let total = 0
  const rows = [...samples.entries()].sort(([a], [b]) => a.localeCompare(b))
  console.info(
    `\n${seconds} s of ${signupWorkers} sign-ups at once and ${staffWorkers} staff browsing (think ${thinkMs} ms):`,
  )
  console.info(
    `${'kind'.padEnd(52)} ${'count'.padStart(6)} ${'failed'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
  )
  for (const [kind, list] of rows) {
    const times = list.map((sample) => sample.ms).sort((a, b) => a - b)
    const bad = list.filter((sample) => !sample.ok).length
    failed += bad
    total += list.length
    console.info(
      `${kind.padEnd(52)} ${String(list.length).padStart(6)} ${String(bad).padStart(6)} ${percentile(times, 50).toFixed(0).padStart(8)} ${percentile(times, 95).toFixed(0).padStart(8)} ${(times.at(-1) ?? 0).toFixed(0).padStart(8)}`,
    )
  }
  const allJoin = rows
    .filter(([kind]) => kind.startsWith('join'))
    .flatMap(([, list]) => list.map((s) => s.ms))
  const allStaff = rows
    .filter(([kind]) => kind.startsWith('staff'))
    .flatMap(([, list]) => list.map((s) => s.ms))
  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    ).toFixed(0)
  console.info(
    `\n${total} requests in ${loadSeconds.toFixed(0)} s (${(total / loadSeconds).toFixed(1)}/s), ${failed} failed; p95 of every join request ${p95(allJoin)} ms, of every staff request ${p95(allStaff)} ms`,
  )
  console.info(`${answered.length} sign-ups answered, ${unfinished} not finished`)
  for (const failure of failures.slice(0, 20)) console.info(`  failure: ${failure}`)

  // ---- nothing lost: every answered sign-up in the database, with its membership, payment and photo ------
  await stopServer()
  const pglite = await PGlite.create(join(dataDir, 'pglite'), { extensions: pgliteExtensions })
  const lost: string[] = []
  try {
    const found = await pglite.query<{
      email: string
      profile_picture: string | null
      subscriptions: number
      payments: number
    }>(
      `select u.email, u.profile_picture,
              (select count(*)::int from subscriptions s where s.user_id = u.id) as subscriptions,
              (select count(*)::int from payments p where p.user_id = u.id) as payments
         from users u where u.email like $1`,
      [`load-${runId}-%`],
    )
    const byEmail = new Map(found.rows.map((row) => [row.email, row]))
    for (const email of answered) {
      const row = byEmail.get(email)
      if (!row) lost.push(`${email}: no user`)
      else if (row.subscriptions < 1) lost.push(`${email}: no membership`)
      else if (row.payments < 1) lost.push(`${email}: no payment`)
      else if (!row.profile_picture || !existsSync(join(dataDir, 'uploads', row.profile_picture)))
        lost.push(`${email}: no photo on disk`)
    }
  } finally {
    await pglite.close()
  }
  console.info(
    lost.length === 0
      ? `Nothing lost: all ${answered.length} answered sign-ups are in the database with their membership, a payment and their photo on disk.`
      : `LOST ${lost.length}: ${lost.slice(0, 10).join('; ')}`,
  )
  process.exitCode = failed > 0 || unfinished > 0 || lost.length > 0 ? 1 : 0
} finally {
  await stopServer()
  await mail.close()
}
