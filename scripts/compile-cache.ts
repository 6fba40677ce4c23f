/**
 * Part of `npm run build`, after the bundle: loads the server bundle once with Node's compile cache on
 * (scripts/lib/compile-cache.ts, ADR 055) and writes it, so the first `npm start` reads V8's code for
 * the bundle and its packages instead of compiling them. Loading the bundle opens nothing: the database
 * and the jobs start in `boot()`, which this does not call.
 */
import module from 'node:module'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { serverBundleOf } from './build-if-stale.ts'
import { compileCacheDir, startCompileCache } from './lib/compile-cache.ts'

const started = performance.now()
const root = resolve(import.meta.dirname, '..')
process.env.NODE_ENV ??= 'production'
startCompileCache(root)
await import('srvx/node')
await import('srvx/static')
await import(pathToFileURL(serverBundleOf(root)).href)
module.flushCompileCache?.()
console.info(
  `Compile cache ${compileCacheDir(root)} written in ${Math.round(performance.now() - started)} ms`,
)
