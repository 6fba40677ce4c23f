import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestUrl } from '@tanstack/react-start/server'
import { getEnv } from './env.server'
import type { SiteHosts } from './sites'

export interface SiteConfig extends SiteHosts {
  /** Scheme and port the visitor reached us on, to build links between the two sites. */
  protocol: string
  port: string
}

declare global {
  interface Window {
    __GYMBASE_SITES__?: SiteConfig
  }
}

/**
 * Host names come from the server's environment at run time (not from the build), and reach the
 * browser through an inline script in the document head, read before the router hydrates.
 */
export const getSiteConfig = createIsomorphicFn()
  .server((): SiteConfig => {
    const env = getEnv()
    const url = getRequestUrl()
    return { join: env.JOIN_HOST, console: env.CONSOLE_HOST, protocol: url.protocol, port: url.port }
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
  return `window.__GYMBASE_SITES__=${JSON.stringify(config).replace(/</g, '\\u003c')}`
}
