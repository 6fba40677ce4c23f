import { AkahuClient } from 'akahu'
import type { AkahuConfig } from '~/server/providers/provider-config.server'
import { PaymentProviderUnavailableError } from '../payment-provider'

/** Long enough for a bank behind Akahu, short enough that a billing run is not held by one call. */
export const AKAHU_TIMEOUT_MS = 20_000

/**
 * The official SDK's client for our app. `AKAHU_API_BASE` (a local fake) becomes the SDK's own
 * `protocol`, `host` and `port` options; its path is not used (the SDK puts `/v1` after the host).
 * Constructing it calls nothing.
 */
export function createAkahuClient(config: AkahuConfig, options: { timeoutMs?: number } = {}): AkahuClient {
  const base = config.apiBase ? new URL(config.apiBase) : null
  return new AkahuClient({
    appToken: config.appToken,
    appSecret: config.appSecret,
    timeout: options.timeoutMs ?? AKAHU_TIMEOUT_MS,
    // Network errors are not retried by the SDK: a POST whose answer was lost is settled by its key.
    retries: 0,
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          host: base.hostname,
          ...(base.port ? { port: Number(base.port) } : {}),
        }
      : {}),
  })
}

/**
 * What went wrong with one call, in the terms the adapters act on. The SDK throws `AkahuErrorResponse`
 * (`isAkahuError`, `status`, the body's `message`) when Akahu answered, and axios's own error when no
 * answer came (timeout, connection lost): then the outcome is unknown.
 */
export type AkahuFailure =
  | { kind: 'unauthorised'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'rate_limited' }
  | { kind: 'unavailable' }

interface AkahuErrorLike {
  isAkahuError: true
  status: number
  message: string
}

function isAkahuErrorResponse(error: unknown): error is AkahuErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    'isAkahuError' in error &&
    error.isAkahuError === true &&
    'status' in error &&
    typeof error.status === 'number'
  )
}

export function classifyAkahuError(error: unknown): AkahuFailure {
  if (!isAkahuErrorResponse(error)) return { kind: 'unavailable' }
  const message = typeof error.message === 'string' ? error.message : ''
  if (error.status === 401) return { kind: 'unauthorised', message }
  if (error.status === 403) return { kind: 'forbidden', message }
  if (error.status === 404) return { kind: 'not_found', message }
  if (error.status === 429) return { kind: 'rate_limited' }
  if (error.status >= 500) return { kind: 'unavailable' }
  return { kind: 'refused', status: error.status, message }
}

/**
 * The error an adapter throws when Akahu's answer is unknown or it asked us to slow down. Built afresh,
 * never wrapping the SDK's error: axios's error carries the request, with the member's bearer token.
 */
export function akahuUnavailable(failure: AkahuFailure): PaymentProviderUnavailableError {
  return new PaymentProviderUnavailableError(
    failure.kind === 'rate_limited'
      ? 'Akahu asked us to slow down (429); the call can be tried again with the same key'
      : 'Akahu did not answer; the outcome is unknown until it is looked up',
  )
}

export type Sleep = (ms: number) => Promise<void>

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A call tried again after a 429, with exponential backoff and jitter from a 100 ms base as Akahu's
 * rate-limit guide shows (PROVIDERS.md §2). Safe for payments: the retry carries the same
 * Idempotency-Key, so Akahu cannot make a second payment of it.
 */
export async function withRateLimitRetries<T>(
  call: () => Promise<T>,
  options: { sleep: Sleep; retries?: number },
): Promise<T> {
  const retries = options.retries ?? 2
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call()
    } catch (error) {
      if (attempt >= retries || classifyAkahuError(error).kind !== 'rate_limited') throw error
      await options.sleep(100 * 2 ** attempt + Math.floor(Math.random() * 100))
    }
  }
}
