import type { PGlite } from '@electric-sql/pglite'
import type { Pool } from 'pg'

/**
 * The session advisory locks of Gymbase (ADR 052), one key each, in one place so no two uses share a key.
 * PostgreSQL holds a session lock for as long as the connection that took it lives: a process that dies
 * (even by `kill -9`) loses its connection and, with it, the lock. Nothing is written to a table, so
 * there is no stale "running" row to clear after a crash.
 */
export const advisoryLockKeys = {
  /** Applying migrations: one process at a time, the others wait and then find nothing to do. */
  migrations: 52_001,
  /** The daily billing run (`runDailyBilling`): one at a time, the others do not wait. */
  billingDailyRun: 52_002,
  /** Making the demo's members and year of history after its set-up: one process, the others wait. */
  demoHistory: 52_003,
  /** Starting pg-boss, which installs or migrates its own schema then: one process at a time. */
  jobQueueStart: 52_004,
  // 7_310_001 is taken: the demo seed's set-up (`seedDemoIfEmpty`, a transaction-level lock).
} as const

export type AdvisoryLockName = keyof typeof advisoryLockKeys

/**
 * The part of a `DatabaseHandle` a lock needs, named here rather than imported: `client.server.ts` takes
 * the migrations lock from this module.
 */
export interface LockableDatabase {
  driver: { kind: 'pglite'; pglite: PGlite } | { kind: 'pg'; pool: Pool }
}

export type TryLockResult<T> = { acquired: true; value: T } | { acquired: false }

declare global {
  // PGlite is one process with one connection, so a session lock there would always be granted to the
  // same session again: the locks it stands for are kept in the process instead (per database).
  var gymbaseEmbeddedLocks: WeakMap<PGlite, Map<AdvisoryLockName, Promise<unknown>>> | undefined
}

function embeddedLocks(pglite: PGlite): Map<AdvisoryLockName, Promise<unknown>> {
  globalThis.gymbaseEmbeddedLocks ??= new WeakMap()
  let locks = globalThis.gymbaseEmbeddedLocks.get(pglite)
  if (!locks) {
    locks = new Map()
    globalThis.gymbaseEmbeddedLocks.set(pglite, locks)
  }
  return locks
}

/**
 * Runs `work` holding the lock if no one else holds it; otherwise returns `{ acquired: false }` at once.
 * On PostgreSQL the lock lives on a connection of its own taken from the pool for the whole run, so the
 * work's own statements (which may use any pooled connection, or several at once) are not tied to it.
 */
export async function withTryAdvisoryLock<T>(
  handle: LockableDatabase,
  name: AdvisoryLockName,
  work: () => Promise<T>,
): Promise<TryLockResult<T>> {
  if (handle.driver.kind === 'pglite') {
    const locks = embeddedLocks(handle.driver.pglite)
    if (locks.has(name)) return { acquired: false }
    const running = work()
    locks.set(name, running)
    try {
      return { acquired: true, value: await running }
    } finally {
      locks.delete(name)
    }
  }
  const client = await handle.driver.pool.connect()
  let broken: Error | undefined
  try {
    const taken = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      advisoryLockKeys[name],
    ])
    if (!taken.rows[0]?.locked) return { acquired: false }
    try {
      return { acquired: true, value: await work() }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [advisoryLockKeys[name]]).catch((error: Error) => {
        // A connection that cannot unlock is closed instead of going back to the pool holding the lock.
        broken = error
      })
    }
  } finally {
    client.release(broken)
  }
}

/** Runs `work` holding the lock, waiting for whoever holds it first. */
export async function withAdvisoryLock<T>(
  handle: LockableDatabase,
  name: AdvisoryLockName,
  work: () => Promise<T>,
): Promise<T> {
  if (handle.driver.kind === 'pglite') {
    const locks = embeddedLocks(handle.driver.pglite)
    const before = locks.get(name) ?? Promise.resolve()
    const running = before.catch(() => undefined).then(work)
    locks.set(name, running)
    try {
      return await running
    } finally {
      if (locks.get(name) === running) locks.delete(name)
    }
  }
  const client = await handle.driver.pool.connect()
  let broken: Error | undefined
  try {
    await client.query('select pg_advisory_lock($1)', [advisoryLockKeys[name]])
    try {
      return await work()
    } finally {
      await client.query('select pg_advisory_unlock($1)', [advisoryLockKeys[name]]).catch((error: Error) => {
        broken = error
      })
    }
  } finally {
    client.release(broken)
  }
}
