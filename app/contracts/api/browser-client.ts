import type { RouteConfig } from '@hono/zod-openapi'
import { API_ROOT, fillPath } from '~/lib/api-path'
import {
  answerJson,
  type CallArguments,
  connectionLostMessage,
  dataOf,
  narrow,
  type RouteAddress,
  type RouteAnswer,
  type RouteData,
  refusedError,
  requestParts,
  sentCall,
  timeoutFor,
  unansweredError,
  writeQuery,
} from './request'

/**
 * The browser's way to the API (ADR 048): `fetch` to `/api` on the page's own origin, so the browser
 * sends the session cookie itself (SameSite=Lax, same origin) and keeps what the answer sets; the API
 * reads the browser's address from the socket for its rate limits (app/routes/api/$.ts) and its
 * `Origin` for its CSRF check (`X-Requested-With` is sent as the server's client sends it). The route
 * objects here are the client build's light ones (method and path: scripts/vite/light-route-modules.ts),
 * and the answer is the API's JSON as it came, unparsed: no zod in the browser.
 */

export interface BrowserApiOptions {
  /** The page's `fetch`, unless a test gives its own. */
  fetch?: typeof fetch
}

export function createBrowserApiClient(options: BrowserApiOptions = {}) {
  /** `call` with its input unchecked by the compiler: `call.ts`'s typed functions check it. */
  async function send(route: RouteAddress, input: Record<string, unknown> | undefined): Promise<unknown> {
    const sent = sentCall(input)
    const query = new URLSearchParams()
    writeQuery(query, sent.query)
    const search = query.size > 0 ? `?${query}` : ''
    const { headers, body } = requestParts(sent.body)
    const fetchApi = options.fetch ?? fetch

    let response: Response
    try {
      response = await fetchApi(`${API_ROOT}${fillPath(route.path, sent.params)}${search}`, {
        method: route.method.toUpperCase(),
        headers,
        body,
        credentials: 'same-origin',
        signal: AbortSignal.timeout(timeoutFor(route.path, sent.timeoutMs)),
      })
    } catch (error) {
      throw unansweredError(error, connectionLostMessage)
    }

    const json = await answerJson(response).catch((error: unknown) => {
      throw unansweredError(error, connectionLostMessage)
    })
    if (!response.ok) throw refusedError(response, json)
    return json
  }

  return {
    send,
    /** The endpoint a route object declares, typed by it as the server's client is (`client.server.ts`). */
    async call<R extends RouteConfig>(route: R, ...args: CallArguments<R>): Promise<RouteAnswer<R>> {
      return narrow(await send(route, args[0]))
    },
    /** `call`, answering the `data` of a `{ data }` envelope. */
    async data<R extends RouteConfig>(route: R, ...args: CallArguments<R>): Promise<RouteData<R>> {
      return narrow(dataOf(await send(route, args[0])))
    },
  }
}
