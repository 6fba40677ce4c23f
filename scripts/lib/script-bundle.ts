import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { build } from 'esbuild'

/**
 * A script bundled by esbuild (tsx's own compiler) for the child processes a test or `npm run chaos`
 * starts and kills. Under
 * tsx a child spends ~0.9 s of CPU loading its modules (drizzle-orm's many files above all); the bundle
 * starts in ~0.2 s, so kills land during the work rather than during the start. The bundle sits under
 * node_modules so that the packages left outside it (PGlite for its WASM files, native and optional ones)
 * resolve from there.
 */
export async function bundleScript(script: string): Promise<{ command: string[]; remove(): void }> {
  const folder = join(process.cwd(), 'node_modules/.cache/gymbase')
  mkdirSync(folder, { recursive: true })
  const name = basename(script, '.ts')
  const outfile = join(folder, `${name}-${process.pid}-${randomBytes(4).toString('hex')}.mjs`)
  await build({
    entryPoints: [script],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    alias: { '~': join(process.cwd(), 'app') },
    // Loaded from node_modules: native or WASM parts, and packages only loaded when configured.
    external: [
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      '@sentry/*',
      '@node-rs/*',
      '@tanstack/*',
      'sharp',
    ],
    // CommonJS packages inside an ES module bundle still call `require` for Node's built-ins.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  })
  return { command: [outfile], remove: () => rmSync(outfile, { force: true }) }
}
