import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { Pool } from 'pg'
import { type DatabaseHandle, openDatabase } from '~/db/client.server'
import * as schema from '~/db/schema'
import { users } from '~/db/schema'
import { createApi } from '~/server/api/app'
import { sessionCookieName } from '~/server/auth/policy'
import { createSession } from '~/server/auth/sessions.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'

/** Helpers the API benchmarks share: a throw-away database and a signed-in caller of the in-process API. */

/**
 * Drops a database whose pool was just closed; `pool.end()` resolves before its connections have
 * finished closing, so wait for them a little and force only if they linger.
 */
export async function dropDatabase(admin: Pool, name: string) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await admin.query(`drop database if exists ${name}`)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`)
}

/** A fresh database: PostgreSQL (a throw-away database on DATABASE_URL's server) or PGlite in memory. */
export async function createBenchDatabase(
  kind: 'postgres' | 'pglite',
  prefix: string,
  options: { keep?: boolean; reuse?: string } = {},
): Promise<{ handle: DatabaseHandle; drop(): Promise<void>; label: string; reused: boolean }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' })
    return { handle, label: 'PGlite (memory)', drop: () => handle.close(), reused: false }
  }
  const adminUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  // `--reuse NAME` opens a database an earlier `--keep` run left (its fixture is not built again).
  const name = options.reuse ?? `${prefix}_${randomBytes(5).toString('hex')}`
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a benchmark database name: ${name}`)
  const admin = new Pool({ connectionString: adminUrl.toString(), max: 1 })
  if (!options.reuse) await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const handle = await openDatabase({ url: url.toString() })
  const keep = options.keep || options.reuse !== undefined
  return {
    handle,
    reused: options.reuse !== undefined,
    label: `PostgreSQL (${name}, ${keep ? 'kept: drop it yourself, or --reuse it' : 'dropped afterwards'})`,
    async drop() {
      try {
        await handle.close()
        if (!keep) await dropDatabase(admin, name)
      } finally {
        await admin.end()
      }
    },
  }
}

/** A real session for a user, as a Cookie header for the in-process API. */
export async function sessionCookie(handle: DatabaseHandle, userId: number, now: Date): Promise<string> {
  const { token } = await createSession({ db: handle.db, userId, now, twoFactorVerified: true })
  return `${sessionCookieName}=${token}`
}

/** Headers of a browser call on the console (CSRF: Origin and X-Requested-With). */
export function consoleHeaders(cookie: string): Record<string, string> {
  return {
    Cookie: cookie,
    Origin: 'http://console.localhost:3000',
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Content-Type': 'application/json',
  }
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

export const milliseconds = (value: number) => `${value.toFixed(1)} ms`

/**
 * The two callers the list benchmarks compare, signed in with real sessions: an organisation admin
 * (every gym) and the admin of one gym.
 */
export async function benchStaffCookies(options: {
  handle: DatabaseHandle
  now: Date
  organisationId: number
  gymId: number
  domain: string
}): Promise<{ owner: string; manager: string }> {
  const { handle, now } = options
  const staff = async (name: string, admin: boolean) => {
    const email = `${name.toLowerCase()}@${options.domain}`
    // A reused database has them already.
    const [existing] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organisationId, options.organisationId), eq(users.email, email)))
    if (existing) return sessionCookie(handle, existing.id, now)
    const { user } = await createStaffUser({
      db: handle.db,
      now,
      organisationId: options.organisationId,
      name,
      email,
      organisationRole: admin ? 'admin' : null,
      gymRoles: admin ? [] : [{ gymId: options.gymId, role: 'admin' }],
      emailVerified: true,
    })
    return sessionCookie(handle, user.id, now)
  }
  return { owner: await staff('Owner', true), manager: await staff('Manager', false) }
}

/**
 * Makes `count` calls with `clients` callers at once, each sending its next call as soon as its last
 * was answered; `call` is given each call's index, 0 to `count` - 1.
 */
export async function runConcurrently(
  clients: number,
  count: number,
  call: (index: number) => Promise<unknown>,
) {
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const index = next
        next += 1
        await call(index)
      }
    }),
  )
}

/** `runConcurrently`, timing each call: the timings in milliseconds, shortest first. */
export async function timeConcurrently(
  clients: number,
  count: number,
  call: (index: number) => Promise<unknown>,
): Promise<number[]> {
  const timings: number[] = []
  await runConcurrently(clients, count, async (index) => {
    const at = performance.now()
    await call(index)
    timings.push(performance.now() - at)
  })
  return timings.sort((a, b) => a - b)
}

/** `benchStaffCookies` as the headers of their console calls (`consoleHeaders`). */
export async function benchStaffHeaders(options: Parameters<typeof benchStaffCookies>[0]) {
  const cookies = await benchStaffCookies(options)
  return { owner: consoleHeaders(cookies.owner), manager: consoleHeaders(cookies.manager) }
}

/**
 * The API in this process over `handle`, its clock stopped at `now`. `get` calls `path` as a console
 * browser with `headers` and answers the JSON, read as `Answer`; any answer but a 200 throws.
 */
export function benchConsoleApi(handle: DatabaseHandle, now: Date) {
  const api = createApi({ database: async () => handle, clock: () => now })
  const get = async <Answer>(headers: Record<string, string>, path: string): Promise<Answer> => {
    const response = await api.fetch(new Request(`http://console.localhost:3000/api${path}`, { headers }))
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
    return response.json() as Promise<Answer>
  }
  return { api, get }
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the statements each case's request sends to the list's tables
 * (`tables`): the request runs once through an API whose database logs its queries (a pool of its own on
 * the same database), then each logged statement is explained with its parameters.
 */
export async function explainCases(options: {
  handle: DatabaseHandle
  now: Date
  cases: Array<[string, Record<string, string>, (index: number) => string]>
  /** Which logged statements to explain (those reading the list's tables). */
  tables: RegExp
}) {
  const { now, cases } = options
  const driver = options.handle.driver
  if (driver.kind !== 'pg') return
  const logged: Array<{ text: string; params: unknown[] }> = []
  const pool = new Pool(driver.pool.options)
  const handle: DatabaseHandle = {
    db: drizzle({
      client: pool,
      schema,
      logger: { logQuery: (text, params) => logged.push({ text, params }) },
    }),
    driver: { kind: 'pg', pool },
    close: () => pool.end(),
  }
  const logging = createApi({ database: async () => handle, clock: () => now })
  try {
    for (const [label, headers, path] of cases) {
      logged.length = 0
      const response = await logging.fetch(
        new Request(`http://console.localhost:3000/api${path(0)}`, { headers }),
      )
      await response.arrayBuffer()
      const statements = logged.filter(({ text }) => options.tables.test(text))
      for (const [index, statement] of statements.entries()) {
        const part = /count\(\*\)|sum\(/.test(statement.text)
          ? 'count and totals'
          : /\blimit\b/i.test(statement.text)
            ? 'page'
            : 'another statement'
        const plan = await pool.query(`explain (analyze, buffers) ${statement.text}`, statement.params)
        console.info(
          `\n${label} — ${part}${statements.length > 2 ? ` (${index + 1})` : ''}:\n${plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')}`,
        )
      }
    }
  } finally {
    await handle.close()
  }
}
