import { resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'

/**
 * The embedded database `npm start` begins opening before it loads the server bundle (ADR 055,
 * scripts/lib/early-database.ts): the template's copy and PGlite's WebAssembly compile run on other
 * threads while this one loads the bundle. `openDatabase` takes it for the same data folder, so one
 * folder is never opened twice. No imports but Node's and a type: plain Node loads it too.
 */
interface EarlyPglite {
  /** The data folder, resolved. */
  dataDir: string
  opening: Promise<PGlite>
}

declare global {
  var gymbaseEarlyPglite: EarlyPglite | undefined
}

export function provideEarlyPglite(dataDir: string, opening: Promise<PGlite>): void {
  // Whoever takes it sees the failure; until then it is not an unhandled rejection.
  opening.catch(() => {})
  globalThis.gymbaseEarlyPglite = { dataDir: resolve(dataDir), opening }
}

/** The early PGlite of `dataDir`, once (the caller owns it from then on), or undefined. */
export function takeEarlyPglite(dataDir: string): Promise<PGlite> | undefined {
  const early = globalThis.gymbaseEarlyPglite
  if (!early || early.dataDir !== resolve(dataDir)) return undefined
  globalThis.gymbaseEarlyPglite = undefined
  return early.opening
}

/** Closes an early PGlite nobody took (the configuration chose another database). */
export async function closeUntakenEarlyPglite(): Promise<void> {
  const early = globalThis.gymbaseEarlyPglite
  if (!early) return
  globalThis.gymbaseEarlyPglite = undefined
  await (await early.opening.catch(() => undefined))?.close()
}
