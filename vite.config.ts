import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { lightRouteModules } from './scripts/vite/light-route-modules.ts'
import { serverFunctionClientOnCall } from './scripts/vite/server-function-client-on-call.ts'
import { siteRouteTrees } from './scripts/vite/site-route-trees.ts'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * The browser's files written beside themselves in Brotli and gzip (`.br`, `.gz`), which `npm start`
 * serves as they are (ADR 033) instead of compressing each on every request.
 */
function precompressClientFiles(): Plugin {
  return {
    name: 'gymbase:precompress-client-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? ''
      const files = Object.keys(bundle).filter((file) => /\.(js|css|json|svg|txt)$/.test(file))
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir, file)
          const data = await readFile(path)
          if (data.length < 1024) return
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 10,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipped(data, { level: 9 }),
          ])
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
        }),
      )
    },
  }
}

/** The packages of the `framework` chunk (below): both sites load all of them from their first page. */
const frameworkPackages = [
  'react',
  'react-dom',
  'scheduler',
  'use-sync-external-store',
  'seroval',
  'seroval-plugins',
  ...['router-core', 'react-router', 'history', 'store', 'react-store', 'start-client-core']
    .concat(['react-start-client'])
    .map((name) => `@tanstack/${name}`),
].map((name) => `/node_modules/${name}/`)

const appDirectory = fileURLToPath(new URL('./app', import.meta.url))

/**
 * Start's client for server functions and seroval's JSON reader and writer, which only it uses: left out
 * of the framework chunk, they load with the console's first server function (ADR 048).
 */
const serverFunctionClient = /\/start-client-core\/dist\/esm\/client-rpc\/|\/seroval\/dist\/(read|write)-/

// Each site's pages load only that site's routes (ADR 044).
const routeTrees = siteRouteTrees({
  appDirectory,
  sites: { join: '/join', console: '/console' },
})

export default defineConfig({
  resolve: { alias: { '~': appDirectory } },
  server: { port: Number(process.env.PORT ?? 3000), allowedHosts: ['.localhost'] },
  // Small shared chunks copied into the chunks that read them (ADR 035): a first load asked for 80–116
  // scripts, 183 of the build's 295 chunks under 1 kB, over HTTP/1.1's six connections to a server
  // that renders pages with the same core. Rolldown's runtime keeps one state and one set of exports
  // per module across the copies. Style modules stay files of their own (Rolldown's guide).
  environments: {
    ssr: { resolve: { noExternal: ['lucide-react'] } },
    client: {
      build: {
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // The framework every page of both sites runs (React, the router, Start's client, seroval)
              // is one chunk, hoisted as plain modules: copied into its readers, each of its modules
              // carried a lazy wrapper and an export table (5–6 kB gzip on every join page). Only
              // packages both sites load from their first page belong here (ADR 044).
              groups: [
                {
                  name: 'framework',
                  test: (id: string) =>
                    frameworkPackages.some((folder) => id.includes(folder)) && !serverFunctionClient.test(id),
                  priority: 10,
                },
              ],
              experimentalInlineCommonChunks: {
                maxSize: 16 * 1024,
                exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              },
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    routeTrees.vitePlugin,
    // The browser's route objects hold only their method and path: no zod in the join pages (ADR 048).
    lightRouteModules({ appDirectory }),
    serverFunctionClientOnCall(),
    tanstackStart({
      srcDirectory: 'app',
      server: { entry: 'server-entry.ts' },
      // Server code never reaches the browser (ADR 017): a client-side import of a server module fails the
      // build, once tree-shaking has dropped what the compiler stripped (server function handlers,
      // isomorphic functions' server branches). The value lists the database checks its columns against
      // live in app/contracts (enums.ts), which the database's schema imports, not the other way round.
      importProtection: {
        behavior: { build: 'error' },
        client: {
          files: ['**/*.server.*', 'app/server/**', 'app/db/**'],
          excludeFiles: ['**/node_modules/**'],
        },
      },
      // Loaders and loading states are split out like the pages themselves: left in, every route's
      // loader and pending component (and what they import: queries, server functions) would be in the
      // entry chunk every page loads, the join site's included (ADR 024). On a first visit the server has
      // run the loaders, so the split adds no request; on navigation it loads beside the component.
      router: {
        plugins: [routeTrees.generatorPlugin],
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader'],
            ['component'],
            ['pendingComponent'],
            ['errorComponent'],
            ['notFoundComponent'],
          ],
        },
      },
    }),
    // Start's plugin must come before React's.
    viteReact(),
    precompressClientFiles(),
  ],
})
