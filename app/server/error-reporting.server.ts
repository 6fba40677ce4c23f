import { getEnv } from '~/lib/env.server'
import { errorReportingOptions } from '~/lib/error-reporting/scrub'
import { logger } from './logger.server'

type SentryNode = typeof import('@sentry/node')

let sentry: SentryNode | undefined
let starting: Promise<boolean> | undefined

/**
 * Sentry on the server (ADR 039), when `SENTRY_DSN` is set: started once per process (the server's
 * boot, the worker script), traces sampled at 0.5, no default personal data, every event and
 * transaction through the scrubber. Unset: `@sentry/node` is never even loaded, and `reportError` does
 * nothing. Starting calls nothing of Sentry's over the network; a DSN Sentry refuses later is Sentry's
 * problem, not the app's start-up's.
 */
export function startErrorReporting(
  options: { dsn?: string; environment?: string; load?: () => Promise<SentryNode> } = {},
): Promise<boolean> {
  starting ??= (async () => {
    const env = getEnv()
    const dsn = options.dsn ?? env.SENTRY_DSN
    if (!dsn) return false
    const loaded = await (options.load ?? (() => import('@sentry/node')))()
    loaded.init({
      dsn,
      environment: options.environment ?? env.NODE_ENV,
      ...errorReportingOptions,
    })
    sentry = loaded
    logger.info('error reporting to Sentry started')
    return true
  })().catch((error: unknown) => {
    starting = undefined
    // Reporting is a help, not a condition of serving: the app starts without it.
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'error reporting not started',
    )
    return false
  })
  return starting
}

/** Whether Sentry was started in this process. */
export function errorReportingStarted(): boolean {
  return sentry !== undefined
}

/**
 * An error worth a person's attention (an API answer of 500, a job that failed), to Sentry when it is
 * on. `where` names the route pattern or the queue, never an address (a join link's is its token).
 */
export function reportError(error: unknown, where: Record<string, string>): void {
  if (!sentry) return
  sentry.captureException(error, { tags: where })
}

/** For tests. */
export function resetErrorReporting() {
  sentry = undefined
  starting = undefined
}

/** A job worker's handler whose failures are reported (with the queue's name) before pg-boss retries them. */
export function reportingFailures<Args extends unknown[], Result>(
  queue: string,
  handler: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await handler(...args)
    } catch (error) {
      reportError(error, { queue })
      throw error
    }
  }
}
