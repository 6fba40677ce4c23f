import * as Sentry from '@sentry/react'
import { errorReportingOptions } from './scrub'

let started = false

/**
 * Sentry in the browser (ADR 039). This module is only ever loaded by a dynamic import behind the DSN
 * check (`startBrowserErrorReporting` in ./browser), so without a DSN no Sentry code is downloaded and
 * the join pages' scripts stay their size. Traces sampled at 0.5; no default personal data; every
 * event, transaction and breadcrumb through the scrubber. No session replay: it records screens.
 */
export function initBrowserSentry(dsn: string): void {
  if (started) return
  started = true
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration()],
    // Trace headers only to our own API: never to Stripe.js or another site.
    tracePropagationTargets: [/^\/api\//, /^\/_serverFn\//],
    ...errorReportingOptions,
  })
  // What the page threw before this loaded (the site config script kept it), sent now, through the
  // same scrubber; then the list is dropped.
  const early = window.__GYMBASE_EARLY_ERRORS__ ?? []
  window.__GYMBASE_EARLY_ERRORS__ = undefined
  for (const error of early) Sentry.captureException(error)
}
