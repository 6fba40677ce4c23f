import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ChargeNotFoundError,
  type ChargeRequest,
  IdempotencyKeyReusedError,
  PaymentProviderUnavailableError,
} from '~/server/providers/payments/payment-provider'
import { createStripeCharges } from '~/server/providers/payments/stripe/stripe-charges.server'
import { StripeFake } from '../../mocks/stripe/stripe-fake'
import { instantRateLimit, testStripeClient } from '../../mocks/stripe/stripe-test-client'

const fake = new StripeFake()
const server = setupServer(...fake.handlers())
const ACCOUNT = 'acct_1GymbaseTest'
const CUSTOMER = 'cus_GymbaseMember1'
let keyCount = 0

// Before any client is made: Stripe's fetch client takes the global fetch MSW replaces when made.
server.listen({ onUnhandledFrame: 'error' })
afterAll(() => server.close())
beforeEach(() => {
  fake.answerChargesAfterMs = null
  fake.rateLimitNext(0)
})
afterEach(() => server.resetHandlers())

function chargeOf(method: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  keyCount += 1
  return {
    idempotencyKey: `gymbase-payment-${1000 + keyCount}-attempt-1`,
    amount: 4_500,
    currency: 'nzd',
    method: {
      type: 'stripe_card',
      reference: method,
      customerReference: CUSTOMER,
      accountReference: ACCOUNT,
    },
    description: 'Gym membership',
    metadata: { paymentId: 1000 + keyCount, subscriptionId: 7, organisationId: 3 },
    now: new Date('2026-11-27T06:00:00Z'),
    ...overrides,
  }
}

describe('Stripe card charges (off-session PaymentIntents on the gym’s account)', () => {
  const rateLimit = instantRateLimit()
  const charges = createStripeCharges({ stripe: testStripeClient(), rateLimit })

  it('charges the saved card on the gym’s connected account with the engine’s idempotency key', async () => {
    const request = chargeOf('pm_card_visa')
    const result = await charges.charge(request)
    expect(result).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^pi_/) })
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)
    expect(sent).toMatchObject({ account: ACCOUNT, idempotencyKey: request.idempotencyKey })
    const intent = fake.paymentIntents.get(result.reference ?? '')
    expect(intent?.account).toBe(ACCOUNT)
    expect(intent?.body).toMatchObject({
      amount: 4_500,
      currency: 'nzd',
      customer: CUSTOMER,
      payment_method: 'pm_card_visa',
      metadata: {
        payment_id: String(request.metadata.paymentId),
        subscription_id: '7',
        organisation_id: '3',
        idempotency_key: request.idempotencyKey,
      },
    })
  })

  it('answers a repeated key with Stripe’s replay of the first charge, and refuses the key with other parameters', async () => {
    const request = chargeOf('pm_card_visa')
    const before = fake.intentsOn(ACCOUNT).length
    const first = await charges.charge(request)
    const again = await charges.charge(request)
    expect(again).toEqual(first)
    expect(fake.intentsOn(ACCOUNT).length).toBe(before + 1)
    await expect(charges.charge({ ...request, amount: 9_900 })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    )
    expect(fake.intentsOn(ACCOUNT).length).toBe(before + 1)
  })

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', /declined the card without saying why/],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', /did not have enough funds/],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', /has expired/],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', /security code was wrong/],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error', /temporary problem/],
    ['pm_card_authenticationRequired', 'authentication_required', /approve this payment themselves/],
  ])('a decline of %s is recorded as %s with words for the gym owner', async (method, status, words) => {
    const result = await charges.charge(chargeOf(method))
    expect(result).toMatchObject({
      status: 'failed',
      reference: expect.stringMatching(/^pi_/),
      errorStatus: status,
      errorDescription: expect.stringMatching(words),
    })
  })

  it('refuses a card saved without its Stripe customer and account, without calling Stripe', async () => {
    const calls = fake.requests.length
    const result = await charges.charge({
      ...chargeOf('pm_sandbox_abc_4242'),
      method: { type: 'stripe_card', reference: 'pm_sandbox_abc_4242', customerReference: null },
    })
    expect(result).toMatchObject({
      status: 'failed',
      reference: null,
      errorStatus: 'payment_method_not_found',
    })
    expect(fake.requests.length).toBe(calls)
  })

  it('a card no longer on the account fails as not on file, nothing charged', async () => {
    const result = await charges.charge(chargeOf('pm_1Gone'))
    expect(result).toMatchObject({
      status: 'failed',
      reference: null,
      errorStatus: 'payment_method_not_found',
    })
  })

  it('tries a rate-limited (429) charge again with the same key: one PaymentIntent', async () => {
    const request = chargeOf('pm_card_visa')
    const before = fake.intentsOn(ACCOUNT).length
    fake.rateLimitNext(2)
    const result = await charges.charge(request)
    expect(result.status).toBe('succeeded')
    const tries = fake.requests.filter((r) => r.idempotencyKey === request.idempotencyKey)
    expect(tries).toHaveLength(3)
    expect(rateLimit.waits.slice(-2)).toEqual([500, 2_000])
    expect(fake.intentsOn(ACCOUNT).length).toBe(before + 1)
  })

  it('settles a charge whose answer never came by looking its key up: exactly one PaymentIntent', async () => {
    const slow = createStripeCharges({ stripe: testStripeClient({ timeoutMs: 150 }), rateLimit })
    const request = chargeOf('pm_card_visa', {
      metadata: { paymentId: 555, subscriptionId: 7, organisationId: 3 },
    })
    const before = fake.intentsOn(ACCOUNT).length
    fake.answerChargesAfterMs = 1_000
    await expect(slow.charge(request)).rejects.toBeInstanceOf(PaymentProviderUnavailableError)
    fake.answerChargesAfterMs = null
    // Stripe charged: the SDK's own retries were replays of the same key, so one PaymentIntent.
    expect(fake.intentsOn(ACCOUNT).length).toBe(before + 1)
    const found = await slow.findCharge({ idempotencyKey: request.idempotencyKey, method: request.method })
    expect(found).toMatchObject({ status: 'succeeded', reference: expect.stringMatching(/^pi_/) })
    expect(fake.intentsOn(ACCOUNT).at(-1)?.body.id).toBe(found?.reference)
    // The lookup only reads.
    expect(fake.intentsOn(ACCOUNT).length).toBe(before + 1)
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents',
      account: ACCOUNT,
    })
  })

  it('finds a declined attempt by its key, and nothing for a key Stripe never saw', async () => {
    const request = chargeOf('pm_card_chargeDeclinedInsufficientFunds')
    await charges.charge(request)
    expect(
      await charges.findCharge({ idempotencyKey: request.idempotencyKey, method: request.method }),
    ).toMatchObject({
      status: 'failed',
      errorStatus: 'insufficient_funds',
    })
    expect(
      await charges.findCharge({ idempotencyKey: 'gymbase-payment-never-attempt-1', method: request.method }),
    ).toBeNull()
  })
})

describe('Stripe card charges on-session (the member on the payment link’s page, 3-D Secure)', () => {
  const charges = createStripeCharges({ stripe: testStripeClient(), rateLimit: instantRateLimit() })
  const returnUrl = 'https://join.gymbase.test/pay?token=abc'
  const onSession = (method: string) => chargeOf(method, { onSession: { returnUrl } })

  it('confirms without off_session and with the return address; a bank that wants 3-D Secure leaves it waiting with its client secret', async () => {
    const request = onSession('pm_card_authenticationRequired')
    const result = await charges.charge(request)
    expect(result).toMatchObject({
      status: 'pending',
      reference: expect.stringMatching(/^pi_/),
      action: { clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) },
    })
    const intent = fake.paymentIntents.get(result.reference ?? '')
    expect(intent?.body).toMatchObject({ status: 'requires_action', metadata: { on_session: 'true' } })
    // Off-session the same card is a decline the member must come back for, never a waiting intent.
    expect(await charges.charge(chargeOf('pm_card_authenticationRequired'))).toMatchObject({
      status: 'failed',
      errorStatus: 'authentication_required',
    })
  })

  it('reads the outcome back after the member approved, or refused, on the gym’s account', async () => {
    const approved = onSession('pm_card_authenticationRequired')
    const waiting = await charges.charge(approved)
    fake.completeAction(waiting.reference ?? '', true)
    expect(
      await charges.pollCharge({
        reference: waiting.reference ?? '',
        now: approved.now,
        method: approved.method,
      }),
    ).toEqual({ status: 'succeeded', reference: waiting.reference })
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', account: ACCOUNT })

    const refused = onSession('pm_card_authenticationRequired')
    const second = await charges.charge(refused)
    fake.completeAction(second.reference ?? '', false)
    expect(
      await charges.pollCharge({
        reference: second.reference ?? '',
        now: refused.now,
        method: refused.method,
      }),
    ).toMatchObject({ status: 'failed', errorStatus: 'payment_intent_authentication_failure' })
  })

  it('cancels one the member left, and a cancel after they finished answers what they did', async () => {
    const left = onSession('pm_card_authenticationRequired')
    const waiting = await charges.charge(left)
    const cancelled = await charges.cancelCharge?.({
      reference: waiting.reference ?? '',
      now: left.now,
      method: left.method,
    })
    expect(cancelled).toMatchObject({
      status: 'failed',
      errorStatus: 'payment_intent_authentication_failure',
    })
    expect(fake.paymentIntents.get(waiting.reference ?? '')?.body).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    })

    const finished = onSession('pm_card_authenticationRequired')
    const done = await charges.charge(finished)
    fake.completeAction(done.reference ?? '', true)
    expect(
      await charges.cancelCharge?.({
        reference: done.reference ?? '',
        now: finished.now,
        method: finished.method,
      }),
    ).toEqual({ status: 'succeeded', reference: done.reference })
    expect(fake.paymentIntents.get(done.reference ?? '')?.body.status).toBe('succeeded')
  })

  it('cannot find a charge without the card that says which account it is on', async () => {
    await expect(charges.pollCharge({ reference: 'pi_unknown', now: new Date() })).rejects.toBeInstanceOf(
      ChargeNotFoundError,
    )
    const request = onSession('pm_card_visa')
    await expect(
      charges.pollCharge({
        reference: 'pi_0000000000000000000000',
        now: request.now,
        method: request.method,
      }),
    ).rejects.toBeInstanceOf(ChargeNotFoundError)
  })
})
