import { spawnSync } from 'node:child_process'
import { expect, it } from 'vitest'

/**
 * `npm start` opens the embedded database before the server bundle (ADR 055) with modules plain Node
 * loads: no path aliases, no build, app modules with no imports but Node's and PGlite's.
 */
it('loads in plain Node before the build: the early database, the template name, the compile cache', () => {
  const modules = ['../../../scripts/lib/early-database.ts', '../../../scripts/lib/compile-cache.ts'].map(
    (path) => new URL(path, import.meta.url).href,
  )
  const loaded = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const [early, cache] = await Promise.all(${JSON.stringify(modules)}.map((m) => import(m)));
       console.log(typeof early.openDatabaseEarly, typeof cache.startCompileCache)`,
    ],
    { encoding: 'utf8' },
  )
  expect(loaded.stderr).toBe('')
  expect(loaded.stdout.trim()).toBe('function function')
})
