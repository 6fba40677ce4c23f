import { getRequestUrl } from '@tanstack/react-start/server'
import { getEnv } from '~/lib/env.server'
import type { SiteConfig } from '~/lib/site-config'
import { getProviderConfig } from '~/server/providers/provider-config.server'

/**
 * With error reporting on, errors thrown before Sentry has loaded (it loads once the page has come
 * alive) are kept, at most twenty, for it to send when it starts (`initBrowserSentry`, ADR 039).
 */
export const earlyErrorsScript =
  "(k=>{const f=e=>{k.length<20&&k.push(e.error||e.reason||e.message)};addEventListener('error',f);addEventListener('unhandledrejection',f)})(window.__GYMBASE_EARLY_ERRORS__=[])"

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
    ...(env.SENTRY_DSN ? { sentryDsn: env.SENTRY_DSN, earlyErrors: earlyErrorsScript } : {}),
    ...(getProviderConfig().cards.provider === 'stripe' ? { cardProvider: 'stripe' as const } : {}),
  }
}

/** The host name the request was made to (`join.localhost`): which site's page the router builds. */
export function readRequestHostname(): string {
  return getRequestUrl().hostname
}
