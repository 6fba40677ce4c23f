/**
 * `npm start`: build when the sources (or migrations) are newer than the build, open and migrate the
 * database, then serve the production build with srvx on PORT (default 3000).
 *
 * Also each app process of `npm run start:cluster` (scripts/start-cluster.ts, ADR 052), as a worker of
 * node:cluster: the listening socket is the primary's, shared, and every answer names the process that
 * gave it (`X-Gymbase-App: <index>`, 1…CLUSTER_APPS) so a test or an operator can tell them apart.
 */
import cluster from 'node:cluster'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale, serverBundleOf } from './build-if-stale.ts'
import { startCompileCache } from './lib/compile-cache.ts'
import { openDatabaseEarly } from './lib/early-database.ts'
import { providerKeysProblem } from './lib/provider-keys.ts'

const started = performance.now()
const root = resolve(import.meta.dirname, '..')
// V8's code for the bundle and its packages, from the build (ADR 055): a start compiles none of it again.
startCompileCache(root)

// The providers' keys first (issue 26), before minutes of building.
const keysProblem = await providerKeysProblem()
if (keysProblem) {
  console.error(`Gymbase cannot start: ${keysProblem}`)
  process.exit(1)
}
const serverBundle = serverBundleOf(root)
buildIfStale(root)
// The embedded database opens while the bundle loads (ADR 055); a cluster's app processes use PostgreSQL.
if (!cluster.isWorker) openDatabaseEarly()

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

/** In a cluster: which app process answered, as a header on every answer (pages, API, files). */
function answeredBy(index: string) {
  const middleware: ReturnType<typeof staticMiddleware> = async (_request, next) => {
    // The answer itself where its headers can be set (ADR 057: a new Response around a file's body can
    // end the process when the browser cancels it).
    const named = entry.withSettableHeaders(await next())
    named.headers.set('X-Gymbase-App', index)
    return named
  }
  return middleware
}

/** Static files carry the security headers every answer does (ADR 057); the app sets its own answers'. */
function securityHeaders(): ReturnType<typeof staticMiddleware> {
  return async (request, next) => {
    const response = await next()
    if (response.headers.has('Content-Security-Policy')) return response
    return entry.secureStaticAnswer(request, response)
  }
}

const appIndex = cluster.isWorker ? process.env.CLUSTER_APP_INDEX : undefined
const port = Number(process.env.PORT ?? 3000)
const hostname = process.env.HOST ?? '0.0.0.0'
const server = serve({
  port,
  hostname,
  silent: true,
  middleware: [
    ...(appIndex ? [answeredBy(appIndex)] : []),
    securityHeaders(),
    staticFiles(join(root, 'dist/client')),
  ],
  fetch: entry.default.fetch,
  // srvx listens exclusively by default; a cluster worker must not, so that it takes the primary's socket.
  ...(cluster.isWorker ? { node: { exclusive: false } } : {}),
})
await server.ready()

const joinHost = process.env.JOIN_HOST ?? 'join.localhost'
const consoleHost = process.env.CONSOLE_HOST ?? 'console.localhost'
if (appIndex) {
  console.info(`App process ${appIndex} is ready in ${Math.round(performance.now() - started)} ms`)
} else {
  console.info(`Gymbase is ready in ${Math.round(performance.now() - started)} ms`)
  console.info(`  join site:    http://${joinHost}:${port}/`)
  console.info(`  console site: http://${consoleHost}:${port}/`)
  console.info(`  API docs:     http://${consoleHost}:${port}/api/docs`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.close()
    // Let running jobs finish (or hand them back) before the process goes.
    await entry.shutdown?.()
    process.exit(0)
  })
}
