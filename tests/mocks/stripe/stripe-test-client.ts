import type { RateLimitPolicy } from '~/server/providers/payments/stripe/stripe-client.server'
import { createStripeClient } from '~/server/providers/payments/stripe/stripe-client.server'
import type { StripeConfig } from '~/server/providers/provider-config.server'

/** A test-mode configuration: Stripe's real address, which the MSW fake answers for. */
export const testStripeConfig: StripeConfig = {
  provider: 'stripe',
  secretKey: 'sk_test_51FakeGymbaseKey',
  publishableKey: 'pk_test_51FakeGymbaseKey',
  webhookSecret: 'whsec_fakegymbasesecret',
  mode: 'test',
}

/** Waits recorded, not slept: a 429 is tried again at once in tests. */
export function instantRateLimit(): RateLimitPolicy & { waits: number[] } {
  const waits: number[] = []
  return {
    retries: 2,
    delaysMs: [500, 2_000],
    sleep: async (ms) => {
      waits.push(ms)
    },
    waits,
  }
}

export function testStripeClient(options: { timeoutMs?: number } = {}) {
  return createStripeClient(testStripeConfig, options)
}
