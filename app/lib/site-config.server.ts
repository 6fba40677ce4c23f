import { getRequestUrl } from '@tanstack/react-start/server'
import { getEnv } from './env.server'
import type { SiteConfig } from './site-config'

/** The request's site config: host names from the environment, scheme and port from the request itself. */
export function readSiteConfig(): SiteConfig {
  const env = getEnv()
  const url = getRequestUrl()
  return {
    join: env.JOIN_HOST,
    console: env.CONSOLE_HOST,
    protocol: url.protocol,
    port: url.port,
    // Only the DSN, and only when set: nothing else of the server's configuration reaches the page.
    ...(env.SENTRY_DSN ? { sentryDsn: env.SENTRY_DSN } : {}),
  }
}
