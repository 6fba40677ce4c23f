import { fileURLToPath } from 'node:url'
import { createBuilder, type Plugin } from 'vite'
import { describe, expect, it } from 'vitest'

/**
 * Issue 12 point 8, ADR 017: the browser's bundle is built by the project's own Vite config with one
 * import of server code added to a module every page loads, and the build must refuse it. One build of
 * the untouched config passes, so the refusals are not the config refusing everything.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const clientEntry = `${root}app/router.tsx`

/** Adds `import { name } from 'specifier'` to the router (client build only), used so tree-shaking keeps it. */
function importInRouter(specifier: string, name: string): Plugin {
  return {
    name: 'test:import-in-router',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (id.split('?')[0] !== clientEntry) return undefined
      return `${code}\nimport { ${name} as forbidden } from '${specifier}'\nglobalThis.forbidden = forbidden\n`
    },
  }
}

async function buildClient(plugins: Plugin[]): Promise<void> {
  const builder = await createBuilder({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'silent',
    plugins,
    build: { write: false },
  })
  const client = builder.environments.client
  if (!client) throw new Error('The project config has no client environment')
  await builder.build(client)
}

describe('server code in the browser bundle', () => {
  it('builds the browser bundle of the untouched config, server functions and all', async () => {
    await expect(buildClient([])).resolves.toBeUndefined()
  }, 120_000)

  it.each([
    ['a *.server.ts module', '~/db/client.server', 'getDatabase'],
    ['a module under app/server', '~/server/billing/periods', 'periodLengthBounds'],
    ['a module under app/db', '~/db/schema/organisations', 'organisations'],
  ])(
    'fails the build when client code imports %s',
    async (_, specifier, name) => {
      const build = buildClient([importInRouter(specifier, name)])
      await expect(build).rejects.toThrow(/Import denied in client environment/)
      await expect(build).rejects.toThrow(/Importer: app\/router\.tsx/)
    },
    120_000,
  )
})
