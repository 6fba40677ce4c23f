/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useLocation } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { NotFound } from '~/components/not-found'
import { beforeLoadScript } from '~/components/ui/before-load-script'
import { Toaster } from '~/components/ui/toaster'
import { storeGuestFlag } from '~/features/auth/guards'
import { type SessionStore, useSession } from '~/features/auth/session'
import { JoinHeader } from '~/features/join/join-header'
import { startBrowserErrorReporting } from '~/lib/error-reporting/browser'
import { needsOwnDocument } from '~/lib/page-policy'
import { rootSearchSchema } from '~/lib/search'
import { getSiteConfig, siteConfigScript } from '~/lib/site-config'
import { siteForHost, siteOfInternalPath, toInternalPath } from '~/lib/sites'
import appCss from '~/styles.css?url'

/** What every route's guards and loaders get from the router (app/router.tsx makes it). */
export interface RouterContext {
  /** Who is signed in, for the guards and the join site's header. */
  session: SessionStore
  /**
   * The console's query cache (and a gym's pages'). The join site has none: its loaders ask the API and
   * its screens show what they answered (ADR 044). Console screens read it from their layout's context
   * (`requireStaff`), where it is always there.
   */
  queryClient?: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  // A page of another policy (the card step, the photo step, ADR 057) is loaded as a document of its
  // own, so that the browser applies the headers the server sends for it.
  beforeLoad: ({ location, preload }) => {
    if (import.meta.env.SSR || preload) return
    if (!needsOwnDocument(documentInternalPath(), location.pathname)) return
    window.location.assign(location.publicHref)
    // The page is being replaced: nothing of this navigation renders meanwhile.
    return new Promise<never>(() => {})
  },
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Gymbase' },
      { name: 'theme-color', content: '#0b63c4' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      // The app's icons (public/, drawn by `npm run icons`): tabs, bookmarks and home screens.
      { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      { rel: 'manifest', href: '/manifest.json' },
    ],
    scripts: [
      // Both needed in the server's HTML only (the site config, ADR 017; what is done before the page's
      // code runs, ADR 058): the browser's bundle carries neither a second time.
      { children: import.meta.env.SSR ? siteConfigScript(getSiteConfig()) : '' },
      { children: import.meta.env.SSR ? beforeLoadScript : '' },
    ],
  }),
  notFoundComponent: RootNotFound,
  component: RootComponent,
})

/** The internal path of the page this document was loaded for (whose headers it holds). */
let loadedFor: string | undefined
function documentInternalPath(): string {
  loadedFor ??= toInternalPath(
    window.location.pathname,
    siteForHost(window.location.hostname, getSiteConfig()),
  )
  return loadedFor
}

/** An address no route matches; on the join site under its header, as every join screen is. */
function RootNotFound(props: { data?: unknown }) {
  const onJoin = siteOfInternalPath(useLocation().pathname) === 'join'
  return (
    <>
      {onJoin ? <JoinHeader /> : null}
      <NotFound data={props.data} />
    </>
  )
}

function RootComponent() {
  return (
    <RootDocument>
      <SessionFlags />
      <Outlet />
    </RootDocument>
  )
}

/**
 * Browser-side marks: `data-hydrated` on <html> once React has taken over the server's HTML (browser
 * tests wait for it before typing), and the guest flag of SPEC §3 from the session the guards loaded.
 * Error reporting starts here too, once, and only when the server gave the page a Sentry DSN (ADR 039).
 */
function SessionFlags() {
  const session = useSession()
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    void startBrowserErrorReporting(getSiteConfig().sentryDsn)
  }, [])
  useEffect(() => {
    if (session) storeGuestFlag(session)
  }, [session])
  return null
}

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en-NZ">
      <head>
        <HeadContent />
      </head>
      <body>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {children}
        <Toaster />
        <Scripts />
      </body>
    </html>
  )
}
