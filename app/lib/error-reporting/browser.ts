/**
 * Starts browser error reporting when the server handed the page a Sentry DSN (`SENTRY_DSN`, through
 * the site config script). Without one nothing is loaded: `@sentry/react` sits behind this dynamic
 * import, in a chunk of its own that a page without a DSN never asks for (ADR 039).
 */
export function startBrowserErrorReporting(dsn: string | undefined): Promise<boolean> {
  if (!dsn) return Promise.resolve(false)
  return import('./browser-sentry')
    .then((module) => {
      module.initBrowserSentry(dsn)
      return true
    })
    .catch(() => false)
}
