import type { RouteConfig } from '@hono/zod-openapi'
import { getRequestHeader, setResponseHeader } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { ApiError } from '~/lib/api-error'
import { API_ROOT, fillPath } from '~/lib/api-path'
import { clientIpHeader, currentClientIp } from '~/lib/client-ip.server'
import { getEnv } from '~/lib/env.server'
import { z as zod } from '~/lib/validation'
import {
  answerJson,
  type CallArguments,
  dataOf,
  narrow,
  type RouteAnswer,
  type RouteData,
  refusedError,
  requestParts,
  type SentCall,
  sentCall,
  timeoutFor,
  unansweredError,
  writeQuery,
} from './request'

/**
 * The one way the server reaches the API (DESIGN §1): loaders and guards on a first visit, the console's
 * server functions and the join site's calls on the server (`call.ts`) use it; it calls `/api` —
 * in-process by default, over HTTP when `API_BASE_URL` names a remote API of the same contract. What it
 * sends and how a failure reads is shared with the browser's client (`request.ts`).
 */

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

const IN_PROCESS_ROOT = `http://in-process.invalid${API_ROOT}`

function successSchemaOf(route: RouteConfig): z.ZodType | undefined {
  const answer = route.responses[200] ?? route.responses[201]
  const content = answer && 'content' in answer ? answer.content : undefined
  const media = content?.['application/json']
  const schema = media && 'schema' in media ? media.schema : undefined
  return schema instanceof zod.ZodType ? schema : undefined
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

  async function request(method: string, path: string, sent: SentCall): Promise<unknown> {
    const url = new URL(`${root}${path}`)
    writeQuery(url.searchParams, sent.query)
    const context = options.context()
    const { headers, body } = requestParts(sent.body)
    if (context.cookie) headers.set('Cookie', context.cookie)
    if (context.origin) headers.set('Origin', context.origin)
    if (context.userAgent) headers.set('User-Agent', context.userAgent)
    if (context.clientIp) {
      headers.set(clientIpHeader, context.clientIp)
      // A remote API replaces our header with our own address; a proxy-aware one reads this instead.
      if (options.baseUrl) headers.set('X-Forwarded-For', context.clientIp)
    }

    let response: Response
    try {
      response = await transport(
        new Request(url, {
          method,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutFor(path, sent.timeoutMs)),
        }),
      )
    } catch (error) {
      throw unansweredError(error, error instanceof Error ? error.message : String(error))
    }

    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) context.setCookies?.(cookies)

    const json = await answerJson(response)
    if (!response.ok) throw refusedError(response, json)
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

  /** `call` with its input unchecked by the compiler: `call.ts`'s typed functions check it. */
  async function send(route: RouteConfig, input: Record<string, unknown> | undefined): Promise<unknown> {
    const sent = sentCall(input)
    const json = await request(route.method.toUpperCase(), fillPath(route.path, sent.params), sent)
    return parseAnswer(successSchemaOf(route), json)
  }

  /**
   * Calls the endpoint a route object declares (DESIGN §1): its method and path, the parameters
   * written into the path, the query into the address, the body as JSON (or multipart), and the
   * answer parsed with the route's own success schema — so a wrong parameter or answer type fails
   * `npm run typecheck`, and no endpoint's path is typed twice.
   */
  async function call<R extends RouteConfig>(route: R, ...args: CallArguments<R>): Promise<RouteAnswer<R>> {
    // The schema is the one `RouteAnswer<R>` names; TypeScript can't follow a value through a
    // conditional type, so the parsed value is narrowed by the parse itself.
    const answer: RouteAnswer<R> = narrow(await send(route, args[0]))
    return answer
  }

  return {
    call,
    send,
    /** `call`, answering the `data` of a `{ data }` envelope. */
    async data<R extends RouteConfig>(route: R, ...args: CallArguments<R>): Promise<RouteData<R>> {
      return narrow(dataOf(await send(route, args[0])))
    },
  }
}

export type ApiClient = ReturnType<typeof createApiClient>

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
