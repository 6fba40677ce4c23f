import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { z } from 'zod'
import { AppError, summariseFieldErrors } from '~/lib/errors'
import type { ApiEnv } from './context'
import { fieldErrorsFromZod } from './errors'

/**
 * Authorise first (issue 30, point 3; ADR 057): the path's record is checked before the body is judged,
 * so another organisation's record answers 404 whatever the body holds, never a 422 that tells the caller
 * the id was worth a valid body.
 *
 * Hono's validators run before the handler, so a handler's `requireOrganisationAdmin(…)` came after the
 * body's 422. Every operation registered on the API goes through here instead: its JSON or form body is
 * still read (a body that is not JSON stays a 400, a wrong media type a 415, both before anything is
 * known of the record), but it is judged against the route's schema only when the handler first asks for
 * it with `c.req.valid('json' | 'form')`. Handlers follow "authorise, then read the body" (rule 2 in
 * docs/architecture.md), so the refusal of the record comes first; the tenant sweep sends every
 * operation another organisation's ids with an invalid body to hold every handler to it, and A's own
 * admin the same invalid body to show it is still refused.
 *
 * The route is documented in `/api/openapi.json` exactly as declared; only the validator Hono builds from
 * it gets a schema that accepts any body.
 */
export function authoriseBeforeBody(api: OpenAPIHono<ApiEnv>) {
  const register = api.openapi
  const deferring: typeof register = (route, handler, hook) => {
    const schemas = bodySchemasOf(route)
    if (schemas.size === 0) return register(route, handler, hook)
    const { middleware: _middleware, hide, ...documented } = route
    if (!hide) api.openAPIRegistry.registerPath(documented)
    const content = route.request?.body?.content ?? {}
    const lenient = {
      ...route,
      hide: true,
      request: {
        ...route.request,
        body: {
          ...route.request?.body,
          content: Object.fromEntries(
            Object.entries(content).map(([mediaType, media]) => [
              mediaType,
              targetOf(mediaType) ? { ...media, schema: anyBody } : media,
            ]),
          ),
        },
      },
    } as typeof route
    const judgedOnFirstRead = ((c: Context<ApiEnv>, next: () => Promise<void>) => {
      judgeBodyOnFirstRead(c, schemas)
      return (handler as (c: Context<ApiEnv>, next: () => Promise<void>) => unknown)(c, next)
    }) as unknown as typeof handler
    return register(lenient, judgedOnFirstRead, hook)
  }
  api.openapi = deferring
}

type BodyTarget = 'json' | 'form'

const anyBody = z.unknown()

function targetOf(mediaType: string): BodyTarget | undefined {
  if (/^application\/([a-z-.]+\+)?json/i.test(mediaType)) return 'json'
  if (/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(mediaType)) return 'form'
  return undefined
}

function bodySchemasOf(route: RouteConfig): Map<BodyTarget, z.ZodType> {
  const schemas = new Map<BodyTarget, z.ZodType>()
  for (const [mediaType, media] of Object.entries(route.request?.body?.content ?? {})) {
    const target = targetOf(mediaType)
    const schema: unknown = media && 'schema' in media ? media.schema : undefined
    if (target && schema instanceof z.ZodType) schemas.set(target, schema)
  }
  return schemas
}

/**
 * `c.req.valid('json')` (or `'form'`) judges the body the first time it is called: the schema's parsed
 * value from then on, or the same 422 the validator gave before (`{ message, errors }` by field).
 */
function judgeBodyOnFirstRead(c: Context<ApiEnv>, schemas: Map<BodyTarget, z.ZodType>) {
  const request = c.req
  const read = request.valid.bind(request) as (target: string) => unknown
  const judged = new Set<BodyTarget>()
  const valid = (target: string): unknown => {
    const schema = schemas.get(target as BodyTarget)
    if (schema && !judged.has(target as BodyTarget)) {
      const result = schema.safeParse(read(target))
      if (!result.success) {
        const fieldErrors = fieldErrorsFromZod(result.error)
        throw new AppError('VALIDATION', summariseFieldErrors(fieldErrors), { fieldErrors })
      }
      request.addValidatedData(target as BodyTarget, result.data as object)
      judged.add(target as BodyTarget)
    }
    return read(target)
  }
  Object.defineProperty(request, 'valid', { value: valid, configurable: true })
}
