import type { RouteConfig } from '@hono/zod-openapi'
import { getRequestHeader, setResponseHeader } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { authenticationCalls } from '~/contracts/api/auth.routes'
import { ApiError } from '~/lib/api-error'
import { API_ROOT, fillPath } from '~/lib/api-path'
import { clientIpHeader, currentClientIp } from '~/lib/client-ip.server'
import { getEnv } from '~/lib/env.server'
import { z as zod } from '~/lib/validation'

/**
 * The one way screens reach the API (DESIGN §1): server functions call it, it calls `/api` —
 * in-process by default, over HTTP when `API_BASE_URL` names a remote API of the same contract.
 */

/** SPEC §7/§9: the authentication client gives up after 26 seconds. */
export const AUTH_TIMEOUT_MS = 26_000
export const DEFAULT_TIMEOUT_MS = 60_000
const authPaths = new Set<string>(authenticationCalls.map((route) => route.path))

export function isAuthPath(path: string): boolean {
  return authPaths.has(path.split('?')[0] ?? path)
}

/** What the browser's request gives the API call, and where the API's cookies go back to. */
export interface ApiCallContext {
  cookie?: string | undefined
  origin?: string | undefined
  userAgent?: string | undefined
  /** The browser's address, for the API's rate limits. */
  clientIp?: string | undefined
  setCookies?: (cookies: string[]) => void
}

export type ApiTransport = (request: Request) => Response | Promise<Response>

export interface ApiClientOptions {
  /** Root of a remote API (`https://console.example.nz/api`); in-process when absent. */
  baseUrl?: string | undefined
  transport?: ApiTransport
  context: () => ApiCallContext
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>
type Query = Record<string, QueryValue>

const errorBody = zod
  .object({
    message: zod.string().optional(),
    error: zod.string().optional(),
    errors: zod.record(zod.string(), zod.array(zod.string())).optional(),
    email: zod.string().optional(),
  })
  .loose()

const IN_PROCESS_ROOT = `http://in-process.invalid${API_ROOT}`

/* What a route object (app/contracts/api/*.routes.ts) says a call takes and answers. */

type JsonSchemaOf<T> = T extends { content: { 'application/json': { schema: infer S extends z.ZodType } } }
  ? S
  : undefined
type RequestOf<R> = R extends { request: infer Q } ? Q : object

/** The schema of the answer the route declares for success (200, else 201; a 204 has none). */
export type SuccessSchema<R extends RouteConfig> = R['responses'] extends { 200: infer A }
  ? JsonSchemaOf<A>
  : R['responses'] extends { 201: infer A }
    ? JsonSchemaOf<A>
    : undefined
export type RouteAnswer<R extends RouteConfig> =
  SuccessSchema<R> extends z.ZodType ? z.output<SuccessSchema<R>> : undefined

type ParamsInput<R> =
  RequestOf<R> extends { params: infer P extends z.ZodType } ? { params: z.output<P> } : { params?: never }
type QueryInput<R> =
  RequestOf<R> extends { query: infer Q extends z.ZodType }
    ? { query?: Partial<z.output<Q>> }
    : { query?: never }
type BodyInput<R> =
  RequestOf<R> extends { body: { content: { 'application/json': { schema: infer B extends z.ZodType } } } }
    ? { body: z.input<B> }
    : RequestOf<R> extends { body: { content: { 'multipart/form-data': unknown } } }
      ? { body: FormData }
      : { body?: never }

/**
 * What a call of route R takes: its path parameters and query as the handler reads them (numbers stay
 * numbers: the client writes them into the address), and its body as the API's schema takes it.
 */
export type CallInput<R extends RouteConfig> = ParamsInput<R> &
  QueryInput<R> &
  BodyInput<R> & { timeoutMs?: number }

type CallArguments<R extends RouteConfig> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]

function successSchemaOf(route: RouteConfig): z.ZodType | undefined {
  const answer = route.responses[200] ?? route.responses[201]
  const content = answer && 'content' in answer ? answer.content : undefined
  const media = content?.['application/json']
  const schema = media && 'schema' in media ? media.schema : undefined
  return schema instanceof zod.ZodType ? schema : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

let inProcess: ApiTransport | undefined

/**
 * The server entry hands over the in-process API (`getApi().fetch`), so the screens' server functions
 * reach the server only through the route objects of app/contracts/api and this transport: nothing under
 * app/features imports app/server (docs/architecture.md, the layers).
 */
export function provideInProcessApi(transport: ApiTransport): void {
  inProcess = transport
}

function inProcessTransport(request: Request): Response | Promise<Response> {
  if (!inProcess) throw new Error('No in-process API: app/server-entry.ts provides it at start-up')
  return inProcess(request)
}

export function createApiClient(options: ApiClientOptions) {
  const root = (options.baseUrl ?? IN_PROCESS_ROOT).replace(/\/$/, '')
  const transport: ApiTransport =
    options.transport ?? (options.baseUrl ? (request) => fetch(request) : inProcessTransport)

  async function send(
    method: string,
    path: string,
    callOptions: { query?: Query | undefined; body?: unknown; timeoutMs?: number | undefined },
  ) {
    const url = new URL(`${root}${path}`)
    for (const [key, value] of Object.entries(callOptions.query ?? {})) {
      if (value === undefined || value === null) continue
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item))
      else url.searchParams.set(key, String(value))
    }
    const context = options.context()
    const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' })
    if (context.cookie) headers.set('Cookie', context.cookie)
    if (context.origin) headers.set('Origin', context.origin)
    if (context.userAgent) headers.set('User-Agent', context.userAgent)
    if (context.clientIp) {
      headers.set(clientIpHeader, context.clientIp)
      // A remote API replaces our header with our own address; a proxy-aware one reads this instead.
      if (options.baseUrl) headers.set('X-Forwarded-For', context.clientIp)
    }
    let body: BodyInit | undefined
    if (callOptions.body instanceof FormData) {
      body = callOptions.body
    } else if (callOptions.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(callOptions.body)
    }
    const timeoutMs = callOptions.timeoutMs ?? (isAuthPath(path) ? AUTH_TIMEOUT_MS : DEFAULT_TIMEOUT_MS)

    let response: Response
    try {
      response = await transport(
        new Request(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) }),
      )
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new ApiError({ status: 0, message: 'The server took too long to answer. Please try again.' })
      }
      throw new ApiError({ status: 0, message: error instanceof Error ? error.message : String(error) })
    }

    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) context.setCookies?.(cookies)

    const text = await response.text()
    const json: unknown = text ? safeJson(text) : undefined
    if (!response.ok) {
      const parsed = errorBody.safeParse(json)
      const message =
        (parsed.success && parsed.data.message) ||
        response.statusText ||
        `Request failed with status ${response.status}`
      throw new ApiError({
        status: response.status,
        message,
        errors: parsed.success ? parsed.data.errors : undefined,
        error: parsed.success ? parsed.data.error : undefined,
        email: parsed.success ? parsed.data.email : undefined,
      })
    }
    return json
  }

  function parseAnswer(schema: z.ZodType | undefined, json: unknown): unknown {
    if (schema === undefined) return undefined
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      throw new ApiError({ status: 500, message: 'The server answered in an unexpected shape.' })
    }
    return parsed.data
  }

  /**
   * Calls the endpoint a route object declares (DESIGN §1): its method and path, the parameters
   * written into the path, the query into the address, the body as JSON (or multipart), and the
   * answer parsed with the route's own success schema — so a wrong parameter or answer type fails
   * `npm run typecheck`, and no endpoint's path is typed twice.
   */
  async function call<R extends RouteConfig>(route: R, ...args: CallArguments<R>): Promise<RouteAnswer<R>> {
    const input: Record<string, unknown> = args[0] ?? {}
    const params = isRecord(input.params) ? input.params : undefined
    const query: Query = {}
    if (isRecord(input.query)) {
      for (const [key, value] of Object.entries(input.query)) {
        if (isQueryValue(value)) query[key] = value
      }
    }
    const json = await send(route.method.toUpperCase(), fillPath(route.path, params), {
      query,
      body: input.body,
      timeoutMs: typeof input.timeoutMs === 'number' ? input.timeoutMs : undefined,
    })
    // The schema is the one `RouteAnswer<R>` names; TypeScript can't follow a value through a
    // conditional type, so the parsed value is narrowed by the parse itself.
    const answer: RouteAnswer<R> = narrow(parseAnswer(successSchemaOf(route), json))
    return answer
  }

  return {
    call,
    /** `call`, answering the `data` of a `{ data }` envelope. */
    async data<R extends RouteConfig>(
      route: R,
      ...args: CallArguments<R>
    ): Promise<RouteAnswer<R> extends { data: infer D } ? D : never> {
      const answer: unknown = await call(route, ...args)
      const envelope = isRecord(answer) ? answer.data : undefined
      return narrow(envelope)
    },
  }
}

function isQueryValue(value: unknown): value is QueryValue {
  if (value === null || value === undefined) return true
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string' || typeof item === 'number')
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/**
 * The one unchecked step: a value the route's own schema has just parsed, given the type TypeScript
 * derives from that same schema. Kept in one function so it can't spread.
 */
function narrow<T>(value: unknown): T {
  // biome-ignore lint/suspicious/noExplicitAny: the parse above is the check
  return value as any
}

export type ApiClient = ReturnType<typeof createApiClient>

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The browser's request, as seen from inside a server function or server route. */
function currentRequestContext(): ApiCallContext {
  return {
    cookie: getRequestHeader('cookie'),
    origin: getRequestHeader('origin'),
    userAgent: getRequestHeader('user-agent'),
    clientIp: currentClientIp(),
    setCookies: (cookies) => setResponseHeader('set-cookie', cookies),
  }
}

let client: ApiClient | undefined

/** The client server functions use: forwards the current request's cookies both ways. */
export function api(): ApiClient {
  client ??= createApiClient({ baseUrl: getEnv().API_BASE_URL, context: currentRequestContext })
  return client
}
