import { createRouter } from '@tanstack/react-router'
import { NotFound } from '~/components/not-found'
import { fetchSessionState, type SessionState } from '~/features/auth/auth.functions'
import { createSessionStore } from '~/features/auth/session'
import { getPageNonce } from '~/lib/page-policy'
import { getPageHostname, getSiteConfig } from '~/lib/site-config'
import { type Site, siteForHost, toInternalPath, toPublicPath } from '~/lib/sites'
import type { RouterContext } from './routes/__root'

/**
 * The routes this page's router knows (ADR 044). The server answers both hosts, so it has every route;
 * a browser has only its site's: the join site's pages carry no console route definitions, nor what
 * those import. `route-tree.<site>.ts` is the whole tree for types; the client build replaces it with
 * the site's own (scripts/vite/site-route-trees.ts). Any other host (a gym's `sites` pages) has the
 * whole tree.
 */
async function siteRouteTree(site: Site) {
  if (import.meta.env.SSR) return (await import('./routeTree.gen')).routeTree
  switch (site) {
    case 'join':
      return (await import('./route-tree.join')).routeTree
    case 'console':
      return (await import('./route-tree.console')).routeTree
    default:
      return (await import('./routeTree.gen')).routeTree
  }
}

/** What the server hands the browser's router with the page, beside the routes' own data. */
interface Dehydrated {
  session?: SessionState | undefined
}

export async function getRouter() {
  const site = siteForHost(getPageHostname(), getSiteConfig())
  const routeTree = await siteRouteTree(site)
  const session = createSessionStore(() => fetchSessionState())
  const context: RouterContext = { session }

  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // SPEC §2.3: every navigation starts at the top of the page. The router resets the window's scroll
    // on each navigation (`resetScroll` defaults to true); restoring old positions stays off.
    scrollRestoration: false,
    defaultNotFoundComponent: NotFound,
    // The request's Content-Security-Policy nonce on every script and link the router renders (ADR 057);
    // in the browser the router takes it from the page's `csp-nonce` meta as it hydrates.
    ...(import.meta.env.SSR ? { ssr: { nonce: getPageNonce() } } : {}),
    // A join step seen before shows what is true now, never what it showed last time while it asks
    // again: a stale read is read again before the step shows (the console's cache refreshes its own).
    defaultStaleReloadMode: site === 'join' ? 'blocking' : 'background',
    // An address no route matches is the root's not-found (HTTP 404, before any guard runs), not the
    // nearest layout's: the console layout's not-found is for records its screens load (a guest asking
    // for /no-such-page must not be sent to sign in first).
    notFoundMode: 'root',
    // The session the server's guards read goes with the page, so the browser's first render shows the
    // same header as the server's.
    dehydrate: (): Dehydrated => ({ session: session.current() }),
    hydrate: (dehydrated: Dehydrated) => session.seed(dehydrated.session),
    rewrite: {
      input: ({ url }) => {
        url.pathname = toInternalPath(url.pathname, siteForHost(url.hostname, getSiteConfig()))
        return url
      },
      output: ({ url }) => {
        url.pathname = toPublicPath(url.pathname)
        return url
      },
    },
  })

  if (site !== 'join') {
    const { createQueryCache } = await import('./query-cache')
    context.queryClient = createQueryCache(router)
  }
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: Awaited<ReturnType<typeof getRouter>>
  }
}
