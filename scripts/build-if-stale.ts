/**
 * The production build, rebuilt when the sources are newer than it (`npm start`, `npm run start:cluster`).
 * Plain Node (type stripping), no imports from app/: it runs before anything is built.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function serverBundleOf(root: string): string {
  return join(root, 'dist/server/server-entry.js')
}

function newestMtime(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

function buildIsStale(root: string): boolean {
  const serverBundle = serverBundleOf(root)
  if (!existsSync(serverBundle)) return true
  const built = statSync(serverBundle).mtimeMs
  // drizzle/: a new migration makes the database template (ADR 054) again.
  const inputs = ['app', 'drizzle', 'vite.config.ts', 'package-lock.json']
    .map((p) => join(root, p))
    .filter((p) => existsSync(p))
  return inputs.some((input) => newestMtime(input) > built)
}

/** Builds unless SKIP_BUILD=true or the build is newer than every source. */
export function buildIfStale(root: string): void {
  if (process.env.SKIP_BUILD !== 'true' && buildIsStale(root)) {
    console.info('Building the production bundle…')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  }
}
