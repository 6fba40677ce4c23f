import { createIsomorphicFn } from '@tanstack/react-start'
import type { SiteHosts } from './sites'

export interface SiteConfig extends SiteHosts {
  /** Scheme and port the visitor reached us on, to build links between the two sites. */
  protocol: string
  port: string
  /** Sentry's DSN when error reporting is on (public by design: it only lets one send events). */
  sentryDsn?: string
  /**
   * With a DSN, the head script that keeps what the page throws before Sentry has loaded (ADR 039).
   * Carried in the config, so it is in the page only then and never in the JavaScript every page loads.
   */
  earlyErrors?: string
  /**
   * `stripe` when cards go through Stripe: the card form waits for Stripe's instead of showing the
   * sandbox's fields first (which provider takes cards is public: the page loads Stripe.js anyway).
   */
  cardProvider?: 'stripe'
}

declare global {
  interface Window {
    __GYMBASE_SITES__?: SiteConfig
    /** What the page threw before Sentry started (kept only when a DSN is set). */
    __GYMBASE_EARLY_ERRORS__?: unknown[]
  }
}

let readOnServer: (() => SiteConfig) | undefined
let hostnameOnServer: (() => string) | undefined

/**
 * The server entry hands over how the server reads the config (`readSiteConfig`, in
 * ./site-config.server), so this module, which the browser loads too, imports no server code at all:
 * nothing here relies on the compiler dropping a server branch (ADR 017).
 */
export function provideServerSiteConfig(reader: () => SiteConfig, hostname: () => string): void {
  readOnServer = reader
  hostnameOnServer = hostname
}

/** The host name this page is asked for: the request's on the server, the address bar's in the browser. */
export const getPageHostname = createIsomorphicFn()
  .server((): string => {
    if (!hostnameOnServer)
      throw new Error('No request host on the server: app/server-entry.ts provides it at start-up')
    return hostnameOnServer()
  })
  .client((): string => window.location.hostname)

/**
 * Host names come from the server's environment at run time (not from the build), and reach the
 * browser through an inline script in the document head, read before the router hydrates.
 */
export const getSiteConfig = createIsomorphicFn()
  .server((): SiteConfig => {
    if (!readOnServer)
      throw new Error('No site config on the server: app/server-entry.ts provides it at start-up')
    return readOnServer()
  })
  .client((): SiteConfig => {
    const fromServer = window.__GYMBASE_SITES__
    if (fromServer) return fromServer
    return {
      join: 'join.localhost',
      console: 'console.localhost',
      protocol: window.location.protocol,
      port: window.location.port,
    }
  })

export function siteConfigScript(config: SiteConfig): string {
  // JSON inside a <script>: escape `<` so a host name can never close the tag.
  const sites = `window.__GYMBASE_SITES__=${JSON.stringify(config).replace(/</g, '\\u003c')}`
  return config.earlyErrors ? `${sites};${config.earlyErrors}` : sites
}
