import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { authenticationCalls, authRoutes } from '~/contracts/api/auth.routes'
import { profilePictureRoutes } from '~/contracts/api/profile-pictures.routes'
import {
  isRoutesModule,
  lightRouteModule,
  lightRoutes,
  routeModuleLoader,
} from '../../../scripts/vite/light-route-modules'

const app = fileURLToPath(new URL('../../../app', import.meta.url))
const folder = join(app, 'contracts/api')
const routesFiles = readdirSync(folder)
  .filter((file) => file.endsWith('.routes.ts'))
  .map((file) => join(folder, file))

/** The exports of a light module's code, each line `export const name = <JSON>`. */
function exportsOf(code: string): Record<string, unknown> {
  const exported: Record<string, unknown> = {}
  for (const line of code.split('\n')) {
    const match = line.match(/^export const (\w+) = (.*)$/)
    if (match?.[1] && match[2]) exported[match[1]] = JSON.parse(match[2])
  }
  return exported
}

describe('the browser’s light route modules (scripts/vite/light-route-modules.ts)', () => {
  const loader = routeModuleLoader(app)
  afterAll(() => loader.close())

  it('replaces every routes module and nothing else', () => {
    expect(routesFiles.length).toBeGreaterThan(20)
    for (const file of routesFiles) expect(isRoutesModule(file, folder)).toBe(true)
    for (const file of ['client.server.ts', 'openapi.ts', 'call.ts', 'request.ts']) {
      expect(isRoutesModule(join(folder, file), folder)).toBe(false)
    }
    expect(isRoutesModule(join(app, 'contracts/other.routes.ts'), folder)).toBe(false)
  })

  it('holds each route’s method and path, made from the real module, and no zod', async () => {
    // The upload's module imports @hono/zod-openapi and describes its fields with `.openapi()`.
    for (const file of [join(folder, 'auth.routes.ts'), join(folder, 'profile-pictures.routes.ts')]) {
      const code = await loader.lightModule(file)
      expect(code).not.toMatch(/zod|import|require|schema/i)
      expect(code.split('\n').filter((line) => line.startsWith('export ')).length).toBeGreaterThan(0)
    }
    const auth = exportsOf(await loader.lightModule(join(folder, 'auth.routes.ts')))
    expect(Object.keys(auth).sort()).toEqual(['authRoutes', 'authenticationCalls'])
    expect(auth.authRoutes).toEqual(
      Object.fromEntries(
        Object.entries(authRoutes).map(([name, route]) => [name, { method: route.method, path: route.path }]),
      ),
    )
    expect(auth.authenticationCalls).toEqual(
      authenticationCalls.map((route) => ({ method: route.method, path: route.path })),
    )
    const pictures = exportsOf(await loader.lightModule(join(folder, 'profile-pictures.routes.ts')))
    expect(pictures.profilePictureRoutes).toEqual({
      upload: { method: 'post', path: profilePictureRoutes.upload.path },
      show: { method: 'get', path: profilePictureRoutes.show.path },
    })
  })

  it('makes every routes module of the app light', async () => {
    for (const file of routesFiles) {
      const code = await loader.lightModule(file)
      for (const group of Object.values(exportsOf(code))) {
        const routes: unknown[] = Array.isArray(group) ? group : Object.values(Object(group))
        for (const route of routes) expect(Object.keys(Object(route)).sort()).toEqual(['method', 'path'])
      }
    }
  })

  it('refuses an export the browser could not be given: a schema, a function', () => {
    expect(() => lightRoutes({ rules: { check: () => true } }, 'x.routes.ts')).toThrow(
      'rules in x.routes.ts, check is neither a route object nor a group of them',
    )
    expect(lightRouteModule({ routes: { me: authRoutes.me } }, '/app/x.routes.ts')).toBe(
      "// The browser's copy of x.routes.ts (scripts/vite/light-route-modules.ts).\n" +
        'export const routes = {"me":{"method":"get","path":"/me"}}\n',
    )
  })
})
