import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { ProviderMode } from '~/server/providers/provider-config.server'
import type { ChargeMethod, PaymentProvider } from './payment-provider'

/**
 * How fast a payment provider may be called (ADR 051): its documented rate limit, what the limit counts
 * (the whole account, or each end user), and how many calls the engine keeps in flight so that the
 * provider's latency never holds the run below that rate.
 */
export interface ProviderPace {
  /** Calls allowed per `windowMs`, per key (see `per`). */
  limit: number
  windowMs: number
  /** `account`: one quota for all our calls (Stripe); `user`: one per end user's consent (Akahu). */
  per: 'account' | 'user'
  /** Calls in flight at once: enough for the rate at the provider's usual latency. */
  concurrency: number
  /** A call's usual round trip, assumed (not documented): with `concurrency` it bounds calls a second. */
  latencyMs: number
  /** Where the limit is documented. */
  source: string
}

/**
 * Stripe: 100 operations a second in live mode, 25 in test mode (sandboxes), per account
 * (https://docs.stripe.com/rate-limits, "Rate limiter"). 64 in flight: at Stripe's few hundred
 * milliseconds a PaymentIntent, enough for 100 a second.
 */
export function stripePace(mode: ProviderMode): ProviderPace {
  return {
    limit: mode === 'live' ? 100 : 25,
    windowMs: 1000,
    per: 'account',
    concurrency: 64,
    latencyMs: 500,
    source: 'https://docs.stripe.com/rate-limits',
  }
}

/**
 * Akahu: `POST /payments` at 200 requests per user per minute (PROVIDERS.md §2, Akahu's
 * reference-rate-limits; a 429 is retried with backoff and jitter by the client). A billing day makes
 * one payment per member, so the per-user quota never binds: the run is bounded by calls in flight
 * (64 at an assumed second each).
 */
export const akahuPace: ProviderPace = {
  limit: 200,
  windowMs: 60_000,
  per: 'user',
  concurrency: 64,
  latencyMs: 1000,
  source: 'PROVIDERS.md §2 (Akahu reference-rate-limits)',
}

/**
 * A fixed window lets up to twice its points through across a window's edge. The limiter counts in
 * `SLICES` short windows of `floor(limit / (SLICES + 1))` points each instead: any span of `windowMs`
 * touches at most `SLICES + 1` of them, so it never sees more than `limit` calls, and the sustained rate
 * is ~91% of the documented one.
 */
const SLICES = 10

export interface ProviderLimiter {
  readonly pace: ProviderPace
  /** Waits until one more call under `key` keeps within the pace, and counts it. */
  take(key: string): Promise<void>
}

/** The per-provider limiter: rate-limiter-flexible's in-memory limiter, waited on rather than refused. */
export function createProviderLimiter(
  pace: ProviderPace,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): ProviderLimiter {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const points = Math.max(1, Math.floor(pace.limit / (SLICES + 1)))
  const limiter = new RateLimiterMemory({ points, duration: pace.windowMs / SLICES / 1000 })
  return {
    pace,
    async take(key) {
      for (;;) {
        try {
          await limiter.consume(key, 1)
          return
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal
          await sleep(Math.max(1, refusal.msBeforeNext))
        }
      }
    },
  }
}

/** The limiter's key for a call about this method: the account's one quota, or the member's own. */
const keyFor = (pace: ProviderPace | undefined, method: ChargeMethod | null | undefined) =>
  pace?.per === 'user' ? (method?.reference ?? 'unknown') : 'account'

/**
 * The provider with every call paced by its limiter, and its pace on it (`chargeAll` keeps
 * `pace.concurrency` calls in flight; the run estimates the provider's time from it). For providers
 * without a batch API (Stripe, Akahu); a batch call (`chargeMany`) is one statement and needs none.
 */
export function pacedProvider(provider: PaymentProvider, limiter: ProviderLimiter): PaymentProvider {
  const { pace } = limiter
  const paced: PaymentProvider = {
    kind: provider.kind,
    name: provider.name,
    pace,
    async charge(request) {
      await limiter.take(keyFor(pace, request.method))
      return provider.charge(request)
    },
    async findCharge(query) {
      await limiter.take(keyFor(pace, query.method))
      return provider.findCharge(query)
    },
    async pollCharge(query) {
      await limiter.take(keyFor(pace, query.method))
      return provider.pollCharge(query)
    },
  }
  // Akahu's poll of many payments reads their tokens in one query and paces its own reads; its
  // documented quota is for `POST /payments`, which this does not call.
  const { pollCharges } = provider
  if (pollCharges) paced.pollCharges = (query) => pollCharges.call(provider, query)
  const { cancelCharge } = provider
  if (cancelCharge) {
    paced.cancelCharge = async (query) => {
      await limiter.take(keyFor(pace, query.method))
      return cancelCharge.call(provider, query)
    }
  }
  return paced
}

/** What the provider part of a run will take at each provider's pace (ADR 051). */
export interface ProviderTimeEstimate {
  provider: string
  calls: number
  /** Calls under the busiest key (the account, or the member with the most). */
  busiestKeyCalls: number
  /** The documented limit, e.g. `100/1000ms per account`; `batch` for a provider with a batch API. */
  limit: string
  seconds: number
}

/**
 * Seconds the provider calls will take at the pace: the longer of the busiest key's calls at its
 * sustained rate and all calls at `concurrency` in flight of `latencyMs` each (a batch provider, one
 * statement a batch, is not paced: 0).
 */
export function estimateProviderTime(options: {
  provider: string
  pace: ProviderPace | undefined
  keys: ReadonlyMap<string, number>
}): ProviderTimeEstimate {
  const { pace, keys } = options
  const calls = [...keys.values()].reduce((sum, count) => sum + count, 0)
  const busiestKeyCalls = Math.max(0, ...keys.values())
  if (!pace) return { provider: options.provider, calls, busiestKeyCalls, limit: 'batch', seconds: 0 }
  const sustainedPerMs = (Math.max(1, Math.floor(pace.limit / (SLICES + 1))) * SLICES) / pace.windowMs
  return {
    provider: options.provider,
    calls,
    busiestKeyCalls,
    limit: `${pace.limit}/${pace.windowMs}ms per ${pace.per}`,
    seconds: Math.max(busiestKeyCalls / sustainedPerMs, (calls * pace.latencyMs) / pace.concurrency) / 1000,
  }
}

/** The limiter key a charge of this method counts under at this pace. */
export const paceKeyFor = keyFor
