import { describe, expect, it } from 'vitest'
import {
  type ChargeRequest,
  type ChargeResult,
  chargeAll,
  type PaymentProvider,
} from '~/server/providers/payments/payment-provider'
import {
  akahuPace,
  createProviderLimiter,
  estimateProviderTime,
  type ProviderPace,
  pacedProvider,
  stripePace,
} from '~/server/providers/payments/provider-pace'

/** Most calls seen in any span of `windowMs` (a sliding window over the call times). */
function busiestWindow(times: readonly number[], windowMs: number) {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let first = 0
  for (let last = 0; last < sorted.length; last += 1) {
    while ((sorted[last] as number) - (sorted[first] as number) >= windowMs) first += 1
    most = Math.max(most, last - first + 1)
  }
  return most
}

const pace = (overrides: Partial<ProviderPace>): ProviderPace => ({
  limit: 44,
  windowMs: 400,
  per: 'account',
  concurrency: 16,
  latencyMs: 0,
  source: 'test',
  ...overrides,
})

const request = (index: number, reference = 'pm_card'): ChargeRequest => ({
  idempotencyKey: `key-${index}`,
  amount: 2500,
  currency: 'nzd',
  method: { type: 'stripe_card', reference },
  description: 'Gym membership',
  metadata: { paymentId: index, subscriptionId: index, organisationId: 1 },
  now: new Date('2026-03-02T17:00:00Z'),
})

/** A provider with no batch call that notes when each charge reached it. */
function recordingProvider(calls: number[]): PaymentProvider {
  const answer: ChargeResult = { status: 'succeeded', reference: 'pi_1' }
  return {
    kind: 'card',
    name: 'stripe',
    async charge() {
      calls.push(performance.now())
      return answer
    },
    async findCharge() {
      return null
    },
    async pollCharge() {
      return answer
    },
  }
}

describe('createProviderLimiter', () => {
  it('never lets more than the limit through in any span of the window, and keeps close to it', async () => {
    const limiter = createProviderLimiter(pace({ limit: 44, windowMs: 400 }))
    const times: number[] = []
    const started = performance.now()
    await Promise.all(
      Array.from({ length: 120 }, async () => {
        await limiter.take('account')
        times.push(performance.now())
      }),
    )
    const elapsed = performance.now() - started
    expect(times).toHaveLength(120)
    // The documented limit is 44 per 400 ms: held in every sliding window, not just aligned ones.
    expect(busiestWindow(times, 400)).toBeLessThanOrEqual(44)
    // And not far below it: 4 per 40 ms slice is 40 per 400 ms, so 120 calls take about 1.2 s.
    expect(elapsed).toBeGreaterThan(1000)
    expect(elapsed).toBeLessThan(2500)
  })

  it('counts each key on its own when the limit is per user', async () => {
    const limiter = createProviderLimiter(pace({ limit: 22, windowMs: 1000, per: 'user' }))
    const started = performance.now()
    // Two per user, a hundred users: no user is near 22 a second, so nobody waits.
    await Promise.all(Array.from({ length: 200 }, (_, index) => limiter.take(`user-${index % 100}`)))
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('pacedProvider', () => {
  it('holds the rate for single charges, with the pace’s calls in flight', async () => {
    const calls: number[] = []
    const paced = pacedProvider(
      recordingProvider(calls),
      createProviderLimiter(pace({ limit: 44, windowMs: 400, concurrency: 32 })),
    )
    expect(paced.pace?.concurrency).toBe(32)
    const answers = await chargeAll(
      paced,
      Array.from({ length: 80 }, (_, index) => request(index)),
      2,
    )
    expect(answers.every((answer) => answer.status === 'fulfilled')).toBe(true)
    expect(calls).toHaveLength(80)
    expect(busiestWindow(calls, 400)).toBeLessThanOrEqual(44)
  })
  it('keeps a provider’s own poll of many payments (Akahu reads their tokens in one query)', async () => {
    const polled: string[][] = []
    const provider: PaymentProvider = {
      ...recordingProvider([]),
      async pollCharges({ references }) {
        polled.push([...references])
        return references.map(() => ({
          status: 'fulfilled' as const,
          value: { status: 'pending' as const, reference: 'payment_1' },
        }))
      },
    }
    const paced = pacedProvider(provider, createProviderLimiter(pace({})))
    await paced.pollCharges?.({ references: ['a', 'b'], now: new Date() })
    expect(polled).toEqual([['a', 'b']])
  })
})

describe('estimateProviderTime', () => {
  it('gives a batch provider no wait', () => {
    const estimate = estimateProviderTime({
      provider: 'sandbox_card',
      pace: undefined,
      keys: new Map([['account', 900_000]]),
    })
    expect(estimate).toMatchObject({ calls: 900_000, limit: 'batch', seconds: 0 })
  })

  it('takes Stripe’s account-wide limit at its sustained rate', () => {
    // 100 a second live: 9 per 100 ms slice, 90 a second sustained; 900,000 charges take 10,000 s.
    const live = estimateProviderTime({
      provider: 'stripe',
      pace: stripePace('live'),
      keys: new Map([['account', 900_000]]),
    })
    expect(live.seconds).toBeCloseTo(10_000, 0)
    expect(live.limit).toBe('100/1000ms per account')
    // 25 a second in test mode: 2 per slice, 20 a second sustained.
    const test = estimateProviderTime({
      provider: 'stripe',
      pace: stripePace('test'),
      keys: new Map([['account', 900_000]]),
    })
    expect(test.seconds).toBeCloseTo(45_000, 0)
  })

  it('bounds Akahu’s per-user limit by the calls in flight when each member pays once', () => {
    const keys = new Map(Array.from({ length: 100_000 }, (_, index) => [`acc_${index}`, 1]))
    const estimate = estimateProviderTime({ provider: 'akahu', pace: akahuPace, keys })
    expect(estimate.busiestKeyCalls).toBe(1)
    // 64 in flight at an assumed second each: 100,000 / 64 s.
    expect(estimate.seconds).toBeCloseTo(100_000 / 64, 3)
  })
})
