import type { RouteConfig } from '@hono/zod-openapi'
import { createIsomorphicFn } from '@tanstack/react-start'
import { createBrowserApiClient } from './browser-client'
import { api } from './client.server'
import { type CallArguments, dataOf, narrow, type RouteAnswer, type RouteData } from './request'

/**
 * A call of a route object from code that runs on both sides (ADR 048): the join site's loaders, guards
 * and pages. On the server (a first visit's loaders and guards) it is `api()`, in-process with the
 * browser's cookies forwarded both ways; in the browser it is `fetch` to `/api` on the page's origin
 * (`browser-client.ts`), so no server function and no RPC client load there. Start's compiler keeps
 * only the branch of the side it builds, so the client build never imports `client.server.ts`.
 */
const sendAnywhere = createIsomorphicFn()
  .server((route: RouteConfig, input: Record<string, unknown> | undefined) => api().send(route, input))
  .client((route: RouteConfig, input: Record<string, unknown> | undefined) => browserApi().send(route, input))

let browserClient: ReturnType<typeof createBrowserApiClient> | undefined

function browserApi() {
  browserClient ??= createBrowserApiClient()
  return browserClient
}

/** `api().call` on either side: the route's answer, or an `ApiError` in the API's words. */
export async function apiCall<R extends RouteConfig>(
  route: R,
  ...args: CallArguments<R>
): Promise<RouteAnswer<R>> {
  return narrow(await sendAnywhere(route, args[0]))
}

/** `api().data` on either side: the `data` of the route's `{ data }` answer. */
export async function apiData<R extends RouteConfig>(
  route: R,
  ...args: CallArguments<R>
): Promise<RouteData<R>> {
  return narrow(dataOf(await sendAnywhere(route, args[0])))
}
