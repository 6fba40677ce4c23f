import { getRequestUrl } from '@tanstack/react-start/server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
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
    // Only the DSN and whether cards go through Stripe: nothing else of the server's configuration
    // reaches the page (Stripe's publishable key comes with each card setup).
    ...(env.SENTRY_DSN ? { sentryDsn: env.SENTRY_DSN } : {}),
    ...(getProviderConfig().cards.provider === 'stripe' ? { cardProvider: 'stripe' as const } : {}),
  }
}
