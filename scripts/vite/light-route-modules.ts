import { resolve } from 'node:path'
import {
  createRunnableDevEnvironment,
  normalizePath,
  type Plugin,
  type RunnableDevEnvironment,
  resolveConfig,
} from 'vite'

/**
 * The route objects (`app/contracts/api/*.routes.ts`) as the browser needs them (ADR 048). The join
 * site's pages call the API through them (`app/contracts/api/call.ts`), and each carries the zod schemas
 * of its request and answers, which the API, its document and the server's client use. The browser reads
 * only a route's method and path (it sends the body the API checks, and reads the answer unparsed), so in
 * the client build this plugin replaces each routes module by a light one: for every export, the same
 * route objects and groups of them, holding only `method` and `path`. It is made from the real module,
 * loaded in Node at build time through a module runner, so the route objects stay the one place each path
 * is written; TypeScript reads the real module, types and all.
 *
 * In Vite's plugins, before Start's. The dev server keeps the real modules (it loads modules one by one,
 * and the dev browser loads zod for the console anyway).
 */
export function lightRouteModules(options: { appDirectory: string }): Plugin {
  const folder = normalizePath(resolve(options.appDirectory, 'contracts/api'))
  let loader: RouteModuleLoader | undefined
  return {
    name: 'gymbase:light-route-modules',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async load(id) {
      const file = normalizePath(id.replace(/\?.*$/, ''))
      if (!isRoutesModule(file, folder)) return null
      loader ??= routeModuleLoader(options.appDirectory)
      return { code: await loader.lightModule(file), map: null }
    },
    async buildEnd() {
      await loader?.close()
      loader = undefined
    },
  }
}

export interface RouteModuleLoader {
  /** The light module of the routes module at `file` (an absolute path). */
  lightModule(file: string): Promise<string>
  close(): Promise<void>
}

/**
 * Loads the real routes modules in Node, through one module runner for the whole build (they share their
 * contracts and zod), with the app's `~` alias; packages are Node's own.
 */
export function routeModuleLoader(appDirectory: string): RouteModuleLoader {
  const environment = (async (): Promise<RunnableDevEnvironment> => {
    const config = await resolveConfig(
      {
        configFile: false,
        envDir: false,
        logLevel: 'error',
        resolve: { alias: { '~': appDirectory } },
        environments: {
          routes: {
            consumer: 'server',
            dev: { moduleRunnerTransform: true },
            resolve: { external: true, mainFields: [], conditions: ['node'] },
          },
        },
      },
      'serve',
    )
    const created = createRunnableDevEnvironment('routes', config, {
      runnerOptions: { hmr: { logger: false } },
      hot: false,
    })
    await created.init()
    return created
  })()
  return {
    async lightModule(file) {
      const real: Record<string, unknown> = await (await environment).runner.import(file)
      return lightRouteModule(real, file)
    },
    async close() {
      await (await environment).close()
    },
  }
}

export function isRoutesModule(file: string, folder: string): boolean {
  return (
    file.startsWith(`${folder}/`) &&
    file.endsWith('.routes.ts') &&
    !file.slice(folder.length + 1).includes('/')
  )
}

/** The light module's code: each export of the real one, its route objects cut down to method and path. */
export function lightRouteModule(real: Record<string, unknown>, file: string): string {
  const lines = [`// The browser's copy of ${file.split('/').pop()} (scripts/vite/light-route-modules.ts).`]
  for (const [name, value] of Object.entries(lightRoutes(real, file))) {
    const light = JSON.stringify(value)
    lines.push(name === 'default' ? `export default ${light}` : `export const ${name} = ${light}`)
  }
  return `${lines.join('\n')}\n`
}

/** Each export of a routes module, its route objects cut down to method and path. */
export function lightRoutes(real: Record<string, unknown>, file: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(real).map(([name, value]) => [name, lighten(value, `${name} in ${file}`)]),
  )
}

interface LightRoute {
  method: string
  path: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isRouteObject(value: unknown): value is LightRoute & { responses: object } {
  return (
    isRecord(value) &&
    typeof value.method === 'string' &&
    typeof value.path === 'string' &&
    isRecord(value.responses)
  )
}

function lighten(value: unknown, where: string): unknown {
  if (isRouteObject(value)) return { method: value.method, path: value.path } satisfies LightRoute
  if (Array.isArray(value)) return value.map((item, index) => lighten(item, `${where} [${index}]`))
  if (isRecord(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, lighten(item, `${where}, ${key}`)]),
    )
  }
  throw new Error(
    `${where} is neither a route object nor a group of them: a routes module exports only those, ` +
      'since the browser gets only their method and path (scripts/vite/light-route-modules.ts)',
  )
}
