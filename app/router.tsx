import { QueryClient } from '@tanstack/react-query'
import { createRouter, isNotFound } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFound } from '~/components/not-found'
import { getSiteConfig } from '~/lib/site-config'
import { siteForHost, toInternalPath, toPublicPath } from '~/lib/sites'

export interface RouterContext {
  queryClient: QueryClient
}

/**
 * The routes this page's router knows (ADR 044). The server answers both hosts, so it has every route;
 * a browser has only its site's: the join site's pages carry no console route definitions, nor what
 * those import. `route-tree.<site>.ts` is the whole tree for types; the client build replaces it with
 * the site's own (scripts/vite/site-route-trees.ts). Any other host (a gym's `sites` pages) has the
 * whole tree.
 */
async function siteRouteTree() {
  if (import.meta.env.SSR) return (await import('./routeTree.gen')).routeTree
  switch (siteForHost(window.location.hostname, getSiteConfig())) {
    case 'join':
      return (await import('./route-tree.join')).routeTree
    case 'console':
      return (await import('./route-tree.console')).routeTree
    default:
      return (await import('./routeTree.gen')).routeTree
  }
}

export async function getRouter() {
  const routeTree = await siteRouteTree()
  const queryClient = new QueryClient({
    defaultOptions: {
      // One retry for a failed read, none for a record that does not exist: asking again won't make it.
      queries: { staleTime: 30_000, retry: (failures, error) => failures < 1 && !isNotFound(error) },
    },
  })

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // SPEC §2.3: every navigation starts at the top of the page. The router resets the window's scroll
    // on each navigation (`resetScroll` defaults to true); restoring old positions stays off.
    scrollRestoration: false,
    defaultNotFoundComponent: NotFound,
    // An address no route matches is the root's not-found (HTTP 404, before any guard runs), not the
    // nearest layout's: the console layout's not-found is for records its screens load (a guest asking
    // for /no-such-page must not be sent to sign in first).
    notFoundMode: 'root',
    rewrite: {
      input: ({ url }) => {
        const site = siteForHost(url.hostname, getSiteConfig())
        url.pathname = toInternalPath(url.pathname, site)
        return url
      },
      output: ({ url }) => {
        url.pathname = toPublicPath(url.pathname)
        return url
      },
    },
  })

  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>
  }
}
