import { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { isNotFound } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'

/**
 * The console's query cache (and a gym's own pages'): its screens read through TanStack Query, and what
 * the server read for a page reaches the browser's cache with it. Loaded by app/router.tsx only off the
 * join site, which keeps no query cache (ADR 044).
 */
export function createQueryCache(router: AnyRouter): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      // One retry for a failed read, none for a record that does not exist: asking again won't make it.
      queries: { staleTime: 30_000, retry: (failures, error) => failures < 1 && !isNotFound(error) },
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return queryClient
}
