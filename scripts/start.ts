/**
 * `npm start`: build when the sources (or migrations) are newer than the build, open and migrate the
 * database, then serve the production build with srvx on PORT (default 3000).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const started = performance.now()
const root = resolve(import.meta.dirname, '..')

// The providers' keys first (issue 26): a half-set or mistyped key stops here with one line naming it,
// before minutes of building. Reading them calls no provider.
const { ProviderConfigError, readProviderConfig } = await import(
  '../app/server/providers/provider-config.server.ts'
)
try {
  readProviderConfig()
} catch (error) {
  if (!(error instanceof ProviderConfigError)) throw error
  console.error(`Gymbase cannot start: ${error.message}`)
  process.exit(1)
}
const serverBundle = join(root, 'dist/server/server-entry.js')

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

function buildIsStale(): boolean {
  if (!existsSync(serverBundle)) return true
  const built = statSync(serverBundle).mtimeMs
  // drizzle/: a new migration makes the database template (ADR 054) again.
  const inputs = ['app', 'drizzle', 'vite.config.ts', 'package-lock.json']
    .map((p) => join(root, p))
    .filter((p) => existsSync(p))
  return inputs.some((input) => newestMtime(input) > built)
}

if (process.env.SKIP_BUILD !== 'true' && buildIsStale()) {
  console.info('Building the production bundle…')
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}

process.env.NODE_ENV ??= 'production'
const { serve } = await import('srvx/node')
const { staticMiddleware } = await import('srvx/static')
const entry = await import(pathToFileURL(serverBundle).href)

try {
  await entry.boot()
} catch (error) {
  // Checked above already; kept for a build started with other variables than this process has.
  if (error instanceof Error && error.name === 'ProviderConfigError') {
    console.error(`Gymbase cannot start: ${error.message}`)
    process.exit(1)
  }
  throw error
}

/**
 * The build's files (ADR 033). Those under /assets/ are named by their content, so a browser keeps them
 * a year without asking again, and the build wrote each in Brotli and gzip beside it (vite.config.ts):
 * a page's hundred scripts are streamed from disk, not compressed again on every request by the
 * process that also renders the pages. The icons and the manifest (public/) keep their names, so they
 * are asked after each time.
 */
function staticFiles(dir: string) {
  const assets = staticMiddleware({ dir, encodings: true, maxAge: 31_536_000, immutable: true })
  const others = staticMiddleware({ dir })
  const middleware: typeof assets = (request, next) =>
    new URL(request.url).pathname.startsWith('/assets/') ? assets(request, next) : others(request, next)
  return middleware
}

const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOST ?? '0.0.0.0'
const server = serve({
  port,
  hostname,
  silent: true,
  middleware: [staticFiles(join(root, 'dist/client'))],
  fetch: entry.default.fetch,
})
await server.ready()

const joinHost = process.env.JOIN_HOST ?? 'join.localhost'
const consoleHost = process.env.CONSOLE_HOST ?? 'console.localhost'
console.info(`Gymbase is ready in ${Math.round(performance.now() - started)} ms`)
console.info(`  join site:    http://${joinHost}:${port}/`)
console.info(`  console site: http://${consoleHost}:${port}/`)
console.info(`  API docs:     http://${consoleHost}:${port}/api/docs`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close()
    // Let running jobs finish (or hand them back) before the process goes.
    await entry.shutdown?.()
    process.exit(0)
  })
}
