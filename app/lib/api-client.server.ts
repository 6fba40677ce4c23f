import { getRequestHeader, setResponseHeader } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { getApi } from '~/server/api/app'
import { paginationLinksSchema, paginationMetaSchema } from '~/server/api/envelope'
import { clientIpHeader, currentClientIp } from '~/server/client-ip.server'
import { ApiError } from './api-error'
import { getEnv } from './env.server'
import { z as zod } from './validation'

/**
 * The one way screens reach the API (DESIGN §1): server functions call it, it calls `/api` —
 * in-process by default, over HTTP when `API_BASE_URL` names a remote API of the same contract.
 */

/** SPEC §7/§9: the authentication client gives up after 26 seconds. */
export const AUTH_TIMEOUT_MS = 26_000
export const DEFAULT_TIMEOUT_MS = 60_000
const authPaths = new Set([
  '/me',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/register',
  '/unique-email',
  '/email/verify',
  '/email/resend',
])

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

type Query = Record<string, string | number | boolean | null | undefined>

interface CallOptions<S extends z.ZodType> {
  schema: S
  query?: Query
  body?: unknown
  timeoutMs?: number
}

const paginatedBody = <T extends z.ZodType>(item: T) =>
  zod.object({ data: zod.array(item), links: paginationLinksSchema, meta: paginationMetaSchema })

export type Paginated<T> = {
  data: T[]
  links: z.infer<typeof paginationLinksSchema>
  meta: z.infer<typeof paginationMetaSchema>
}

const errorBody = zod
  .object({
    message: zod.string().optional(),
    error: zod.string().optional(),
    errors: zod.record(zod.string(), zod.array(zod.string())).optional(),
  })
  .loose()

const IN_PROCESS_ROOT = 'http://in-process.invalid/api'

export function createApiClient(options: ApiClientOptions) {
  const root = (options.baseUrl ?? IN_PROCESS_ROOT).replace(/\/$/, '')
  const transport: ApiTransport =
    options.transport ??
    (options.baseUrl ? (request) => fetch(request) : (request) => getApi().fetch(request))

  async function send(
    method: string,
    path: string,
    callOptions: { query?: Query; body?: unknown; timeoutMs?: number },
  ) {
    const url = new URL(`${root}${path}`)
    for (const [key, value] of Object.entries(callOptions.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
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
      })
    }
    return json
  }

  function unwrap<S extends z.ZodType>(schema: S, json: unknown): z.infer<S> {
    const envelope = zod.object({ data: zod.unknown() }).safeParse(json)
    const parsed = schema.safeParse(envelope.success ? envelope.data.data : undefined)
    if (!parsed.success) {
      throw new ApiError({ status: 500, message: 'The server answered in an unexpected shape.' })
    }
    return parsed.data
  }

  return {
    /** One resource: answers `data.data`. */
    async get<S extends z.ZodType>(path: string, call: CallOptions<S>): Promise<z.infer<S>> {
      return unwrap(call.schema, await send('GET', path, call))
    },
    /** A page of a list: answers the whole body so screens can page (SPEC §7). */
    async list<S extends z.ZodType>(path: string, call: CallOptions<S>): Promise<Paginated<z.infer<S>>> {
      const parsed = paginatedBody(call.schema).safeParse(await send('GET', path, call))
      if (!parsed.success)
        throw new ApiError({ status: 500, message: 'The server answered in an unexpected shape.' })
      return parsed.data
    },
    async post<S extends z.ZodType>(path: string, call: CallOptions<S>): Promise<z.infer<S>> {
      return unwrap(call.schema, await send('POST', path, call))
    },
    async put<S extends z.ZodType>(path: string, call: CallOptions<S>): Promise<z.infer<S>> {
      return unwrap(call.schema, await send('PUT', path, call))
    },
    async delete<S extends z.ZodType>(path: string, call: CallOptions<S>): Promise<z.infer<S>> {
      return unwrap(call.schema, await send('DELETE', path, call))
    },
    /** A call that answers `{ message }` (forgot-password, resend): resolves to that message. */
    async message(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      call: { body?: unknown; query?: Query } = {},
    ) {
      const parsed = zod.object({ message: zod.string() }).safeParse(await send(method, path, call))
      if (!parsed.success)
        throw new ApiError({ status: 500, message: 'The server answered in an unexpected shape.' })
      return parsed.data.message
    },
    /** A call whose answer carries no `data` (logout, 204s): resolves once the server agrees. */
    async send(
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      call: { body?: unknown; query?: Query } = {},
    ) {
      await send(method, path, call)
    },
  }
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
