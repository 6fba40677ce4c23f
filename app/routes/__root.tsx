/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { NotFound } from '~/components/not-found'
import { getSiteConfig, siteConfigScript } from '~/lib/site-config'
import { rootSearchSchema } from '~/lib/search'
import appCss from '~/styles.css?url'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  validateSearch: rootSearchSchema,
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Gymbase' },
    ],
    links: [{ rel: 'stylesheet', href: appCss }],
    scripts: [{ children: siteConfigScript(getSiteConfig()) }],
  }),
  notFoundComponent: NotFound,
  component: RootComponent,
})

function RootComponent() {
  return (
    <RootDocument>
      <ScrollToTopOnNavigation />
      <Outlet />
    </RootDocument>
  )
}

/** SPEC §2.3: the page scrolls to the top on every navigation. */
function ScrollToTopOnNavigation() {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged || event.hrefChanged) window.scrollTo({ top: 0, left: 0 })
      }),
    [router],
  )
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
        <Scripts />
      </body>
    </html>
  )
}
