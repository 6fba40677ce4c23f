import Stripe from 'stripe'
import type { StripeConfig } from '../../provider-config.server'

/**
 * The one Stripe client of the process (PROVIDERS.md §1.6, ADR 036). No `apiVersion`: the version
 * stripe-node 23.1.0 pins (`Stripe.API_VERSION`), which its types describe. A short timeout, since a
 * charge that has not answered in 20 s is settled by looking its key up, not by waiting; the SDK's
 * own network retries (connection errors, 409, 5xx) reuse the request's idempotency key.
 */
export const STRIPE_TIMEOUT_MS = 20_000
export const STRIPE_NETWORK_RETRIES = 2

export function createStripeClient(config: StripeConfig, options: { timeoutMs?: number } = {}): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null
  return new Stripe(config.secretKey, {
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'Gymbase' },
    // Node's fetch (undici), whose timeout aborts the request itself: the same path the MSW fake in
    // tests/mocks/stripe answers, so a lost answer is tested as it happens here.
    httpClient: Stripe.createFetchHttpClient(),
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
}

export interface RateLimitPolicy {
  /** Further tries after a 429. */
  retries: number
  /** Waits before each, in milliseconds (the last one repeats). */
  delaysMs: readonly number[]
  sleep: (ms: number) => Promise<void>
}

export const defaultRateLimitPolicy: RateLimitPolicy = {
  retries: 2,
  delaysMs: [500, 2_000],
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * stripe-node does not retry a 429 unless Stripe sends `Stripe-Should-Retry: true`; Stripe's advice for
 * rate limits is to back off and try again. Every call passed here carries an explicit idempotency key
 * (or is a read), so trying again can never make a second object.
 */
export async function withRateLimitRetry<T>(policy: RateLimitPolicy, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeRateLimitError) || attempt >= policy.retries) throw error
      const delay = policy.delaysMs[Math.min(attempt, policy.delaysMs.length - 1)] ?? 1_000
      await policy.sleep(delay)
    }
  }
}

/** A Stripe error's outcome is unknown: the request may have reached Stripe and been carried out. */
export function isUnknownOutcome(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  )
}
