import type { Context } from 'hono'
import { clientIpHeader } from '~/lib/client-ip.server'
import { getEnv } from '~/lib/env.server'

/**
 * The client's address for rate limits, as our server layer stated it (the `/api` route and the
 * server-function client both set it; see client-ip.server.ts), else one shared key.
 */
export function clientIp(c: Context): string {
  return c.req.header(clientIpHeader) || 'unknown'
}

/** Whether the browser reached us over https (directly, or through a proxy that says so). */
export function isSecureRequest(c: Context): boolean {
  const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '')
  return proto === 'https' || getEnv().PUBLIC_PROTOCOL === 'https'
}

/** The site a browser call came from, by its Origin; undefined for non-browser callers. */
export function originSite(c: Context): 'join' | 'console' | 'other' | undefined {
  const origin = c.req.header('origin')
  if (!origin) return undefined
  let hostname: string
  try {
    hostname = new URL(origin).hostname.toLowerCase()
  } catch {
    return 'other'
  }
  const env = getEnv()
  if (hostname === env.JOIN_HOST.toLowerCase()) return 'join'
  if (hostname === env.CONSOLE_HOST.toLowerCase()) return 'console'
  return 'other'
}

/** Absolute URL of a path on one of our sites, for links in e-mails. */
export function publicSiteUrl(site: 'join' | 'console', path: string): string {
  const env = getEnv()
  const host = site === 'join' ? env.JOIN_HOST : env.CONSOLE_HOST
  const port = env.PUBLIC_PORT ?? (env.PUBLIC_PROTOCOL === 'http' ? String(env.PORT) : undefined)
  const defaultPort = env.PUBLIC_PROTOCOL === 'https' ? '443' : '80'
  return `${env.PUBLIC_PROTOCOL}://${host}${port && port !== defaultPort ? `:${port}` : ''}${path}`
}
