/**
 * Two sites in one app, told apart by host name (ADR 001). Route files live under `/join/**`,
 * `/console/**` and `/sites/**`; the router's rewrite maps the public URL to that internal path and
 * back, so browsers never see the prefix.
 */
export type Site = 'join' | 'console' | 'sites'

export interface SiteHosts {
  join: string
  console: string
}

/** Paths that belong to the server itself, never to a site. */
const untouchedPrefixes = ['/api', '/_serverFn', '/assets', '/@', '/__']

export function isUntouchedPath(pathname: string): boolean {
  return untouchedPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

export function siteForHost(hostname: string, hosts: SiteHosts): Site {
  const host = hostname.toLowerCase()
  if (host === hosts.join.toLowerCase()) return 'join'
  if (host === hosts.console.toLowerCase()) return 'console'
  return 'sites'
}

const prefixOf: Record<Site, string> = { join: '/join', console: '/console', sites: '/sites' }
const sitePrefixes: Array<[Site, string]> = [
  ['join', prefixOf.join],
  ['console', prefixOf.console],
  ['sites', prefixOf.sites],
]

/** `/take-photo` on the join host → `/join/take-photo`. */
export function toInternalPath(pathname: string, site: Site): string {
  if (isUntouchedPath(pathname)) return pathname
  const prefix = prefixOf[site]
  return pathname === '/' ? `${prefix}/` : `${prefix}${pathname}`
}

/** `/join/take-photo` → `/take-photo`; anything without a site prefix is left as it is. */
export function toPublicPath(pathname: string): string {
  for (const [, prefix] of sitePrefixes) {
    if (pathname === prefix) return '/'
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length)
  }
  return pathname
}

/** The site an internal path belongs to, if any. */
export function siteOfInternalPath(pathname: string): Site | undefined {
  for (const [site, prefix] of sitePrefixes) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return site
  }
  return undefined
}

/** Absolute URL of a public path on a site, keeping the scheme and port the visitor used. */
export function siteUrl(options: { host: string; path?: string; protocol: string; port: string }): string {
  const port = options.port ? `:${options.port}` : ''
  return `${options.protocol}//${options.host}${port}${options.path ?? '/'}`
}
