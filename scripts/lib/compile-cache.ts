/**
 * Node's compile cache for the server (ADR 055): V8's code for every module the start loads, kept on
 * disk so a start does not parse and compile the server bundle and its packages again. `npm run build`
 * fills it (scripts/compile-cache.ts), so even the first start finds it; a module that changed since is
 * compiled again and its entry replaced. Plain Node (type stripping): it runs before anything is built.
 */
import module from 'node:module'
import { join } from 'node:path'

/** Beside the build it belongs to (Node keeps one subfolder per Node version inside). */
export function compileCacheDir(root: string): string {
  return join(root, 'dist/compile-cache')
}

/** From here on, modules this process loads are read from (and added to) the cache. */
export function startCompileCache(root: string): void {
  module.enableCompileCache?.(compileCacheDir(root))
}
