import { randomBytes } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '~/db/client.server'
import { sandboxCharges } from '~/db/schema'
import {
  createBankSandbox,
  sandboxBankAccountReference,
  sandboxBankSuffix,
  sandboxTestAccounts,
} from '~/server/providers/payments/bank-sandbox.server'
import {
  createCardSandbox,
  sandboxCardLastFour,
  sandboxCardReference,
  sandboxTestCards,
} from '~/server/providers/payments/card-sandbox.server'
import {
  ChargeNotFoundError,
  type ChargeRequest,
  IdempotencyKeyReusedError,
  PaymentProviderUnavailableError,
  providerFor,
} from '~/server/providers/payments/payment-provider'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { describeEachDatabase } from './support/database'

const HOUR = 60 * 60 * 1000
const T0 = new Date('2026-03-31T20:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

function newKey(): string {
  return `payment-test-${randomBytes(8).toString('hex')}`
}

function cardCharge(reference: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: newKey(),
    amount: 4_500,
    currency: 'nzd',
    method: { type: 'stripe_card', reference, customerReference: 'cus_sandbox_1' },
    description: 'Monthly membership',
    metadata: { paymentId: 1, subscriptionId: 2, organisationId: 3 },
    now: T0,
    ...overrides,
  }
}

function bankCharge(reference: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    ...cardCharge(reference),
    method: { type: 'bank_account', reference },
    ...overrides,
  }
}

async function rowsWithKey(db: Db, idempotencyKey: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxCharges)
    .where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
  return row?.n ?? 0
}

describe('sandbox test values (no database)', () => {
  it('reads last four digits and suffixes from references, never keeping the full account number', () => {
    expect(sandboxCardLastFour('pm_card_visa')).toBe('4242')
    expect(sandboxCardLastFour('pm_card_chargeCustomerFail')).toBe('0341')
    expect(sandboxCardLastFour(sandboxCardReference('9995'))).toBe('9995')
    expect(sandboxCardLastFour('pm_nothing')).toBeNull()

    const reference = sandboxBankAccountReference('12-3140-0171323-093')
    expect(reference).toBe(sandboxBankAccountReference('12-3140-00171323-0093'))
    expect(reference).toMatch(/^acc_sandbox_[0-9a-f]{16}_93$/)
    expect(reference).not.toContain('0171323')
    expect(sandboxBankSuffix(reference)).toBe('93')
    expect(sandboxBankSuffix('99-9999-9999999-91')).toBe('91')
    expect(sandboxBankSuffix('acc_unknown')).toBeNull()
    expect(() => sandboxBankAccountReference('12-3140')).toThrow(RangeError)
  })
})

describeEachDatabase('card sandbox', (t) => {
  const card = () => createCardSandbox({ db: t.db })

  for (const testCard of sandboxTestCards) {
    it(`charges card …${testCard.lastFour} as documented (${testCard.outcome.status})`, async () => {
      for (const reference of [sandboxCardReference(testCard.lastFour), ...testCard.tokens]) {
        const request = cardCharge(reference)
        const result = await card().charge(request)
        expect(result).toEqual(
          testCard.outcome.status === 'succeeded'
            ? { status: 'succeeded', reference: expect.stringMatching(/^pi_sandbox_/) }
            : {
                status: 'failed',
                reference: expect.stringMatching(/^pi_sandbox_/),
                errorStatus: testCard.outcome.errorStatus,
                errorDescription: testCard.outcome.errorDescription,
              },
        )
        expect(await card().findCharge({ idempotencyKey: request.idempotencyKey })).toEqual(result)
      }
    })
  }

  it('succeeds for any other card and never answers pending', async () => {
    const result = await card().charge(cardCharge(sandboxCardReference('1881')))
    expect(result.status).toBe('succeeded')
    if (result.reference === null) throw new Error('expected a reference')
    expect(await card().pollCharge({ reference: result.reference, now: at(HOUR) })).toEqual(result)
  })

  it('refuses amounts under 50 cents and unknown cards without recording them', async () => {
    const small = cardCharge('pm_card_visa', { amount: 49 })
    expect(await card().charge(small)).toMatchObject({
      status: 'failed',
      reference: null,
      errorStatus: 'amount_too_small',
    })
    expect(await card().findCharge({ idempotencyKey: small.idempotencyKey })).toBeNull()

    const unknown = cardCharge('pm_nothing')
    expect(await card().charge(unknown)).toMatchObject({
      status: 'failed',
      reference: null,
      errorStatus: 'payment_method_not_found',
    })
    expect(await rowsWithKey(t.db, unknown.idempotencyKey)).toBe(0)
  })

  it('rejects malformed requests', async () => {
    await expect(card().charge(cardCharge('pm_card_visa', { amount: 0 }))).rejects.toThrow(RangeError)
    await expect(card().charge(cardCharge('pm_card_visa', { amount: 12.5 }))).rejects.toThrow(RangeError)
    await expect(card().charge(cardCharge('pm_card_visa', { idempotencyKey: '' }))).rejects.toThrow(
      RangeError,
    )
    await expect(card().charge(bankCharge('99-9999-9999999-91'))).rejects.toThrow(TypeError)
  })

  it('replays the first result for a repeated key and records one charge', async () => {
    for (const reference of ['pm_card_visa', 'pm_card_chargeDeclinedInsufficientFunds']) {
      const request = cardCharge(reference)
      const first = await card().charge(request)
      const second = await card().charge({ ...request, description: 'Described differently' })
      expect(second).toEqual(first)
      expect(await rowsWithKey(t.db, request.idempotencyKey)).toBe(1)
    }
  })

  it('refuses a repeated key with a different amount or card', async () => {
    const request = cardCharge('pm_card_visa')
    await card().charge(request)
    await expect(card().charge({ ...request, amount: 4_600 })).rejects.toThrow(IdempotencyKeyReusedError)
    await expect(
      card().charge({ ...request, method: { ...request.method, reference: 'pm_card_mastercard' } }),
    ).rejects.toThrow(IdempotencyKeyReusedError)
    expect(await rowsWithKey(t.db, request.idempotencyKey)).toBe(1)
  })

  it('charges once when 20 calls with one key arrive together', async () => {
    const request = cardCharge(sandboxCardReference('4242'))
    const results = await Promise.all(Array.from({ length: 20 }, () => card().charge(request)))
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1)
    expect(results[0]?.status).toBe('succeeded')
    expect(await rowsWithKey(t.db, request.idempotencyKey)).toBe(1)
  })

  it('finds nothing for an unknown key, and the charge whose answer was lost', async () => {
    expect(await card().findCharge({ idempotencyKey: newKey() })).toBeNull()

    const lossy = createCardSandbox({ db: t.db, faults: { failAfterRecordBeforeReturn: true } })
    for (const reference of ['pm_card_visa', 'pm_card_chargeDeclined']) {
      const request = cardCharge(reference)
      await expect(lossy.charge(request)).rejects.toThrow(PaymentProviderUnavailableError)
      const found = await card().findCharge({ idempotencyKey: request.idempotencyKey })
      expect(found?.status).toBe(reference === 'pm_card_visa' ? 'succeeded' : 'failed')
      // Charging again with the same key (what an engine must never need to do) still charges once.
      expect(await card().charge(request)).toEqual(found)
      expect(await rowsWithKey(t.db, request.idempotencyKey)).toBe(1)
    }
  })

  it('applies the delay and lost-answer knobs per call', async () => {
    let calls = 0
    const flaky = createCardSandbox({
      db: t.db,
      faults: { delayMs: 5, delayAfterRecordMs: 5, failAfterRecordBeforeReturn: () => ++calls === 1 },
    })
    const request = cardCharge('pm_card_visa')
    await expect(flaky.charge(request)).rejects.toThrow(PaymentProviderUnavailableError)
    expect(await flaky.charge(request)).toEqual(
      await flaky.findCharge({ idempotencyKey: request.idempotencyKey }),
    )
  })

  it('does not know references or keys of the other provider', async () => {
    const request = cardCharge('pm_card_visa')
    const result = await card().charge(request)
    const bank = createBankSandbox({ db: t.db })
    expect(await bank.findCharge({ idempotencyKey: request.idempotencyKey })).toBeNull()
    if (!result.reference) throw new Error('expected a reference')
    await expect(bank.pollCharge({ reference: result.reference, now: T0 })).rejects.toThrow(
      ChargeNotFoundError,
    )
    await expect(card().pollCharge({ reference: 'pi_sandbox_missing', now: T0 })).rejects.toThrow(
      ChargeNotFoundError,
    )
    // Keys are unique across the sandbox ledger, as across one provider account.
    await expect(
      bank.charge(bankCharge('99-9999-9999999-91', { idempotencyKey: request.idempotencyKey })),
    ).rejects.toThrow(IdempotencyKeyReusedError)
  })
})

describeEachDatabase('bank sandbox', (t) => {
  const bank = () => createBankSandbox({ db: t.db })

  for (const account of sandboxTestAccounts) {
    it(`moves account …-${account.suffix} from pending to ${account.outcome.status} after ${account.settlesAfterMs / HOUR} h`, async () => {
      for (const reference of [sandboxBankAccountReference(account.example), account.example]) {
        const request = bankCharge(reference)
        const charged = await bank().charge(request)
        expect(charged).toEqual({ status: 'pending', reference: expect.stringMatching(/^payment_sandbox_/) })
        const chargeReference = charged.reference
        if (!chargeReference) throw new Error('expected a reference')

        const poll = (ms: number) => bank().pollCharge({ reference: chargeReference, now: at(ms) })
        expect(await poll(0)).toEqual(charged)
        expect(await poll(account.settlesAfterMs - 1)).toEqual(charged)
        const expected =
          account.outcome.status === 'succeeded'
            ? { status: 'succeeded', reference: chargeReference }
            : { ...account.outcome, reference: chargeReference }
        expect(await poll(account.settlesAfterMs)).toEqual(expected)
        expect(await poll(account.settlesAfterMs + 24 * HOUR)).toEqual(expected)
        // An earlier clock does not undo a settled charge.
        expect(await poll(0)).toEqual(expected)

        expect(await bank().findCharge({ idempotencyKey: request.idempotencyKey })).toEqual(expected)
        // A repeated charge replays the first answer (pending) and charges nothing more.
        expect(await bank().charge(request)).toEqual(charged)
        const [row] = await t.db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey))
        expect(row).toMatchObject({
          pollCount: 5,
          settledAt: at(account.settlesAfterMs),
          testValue: account.suffix,
        })
        expect(await rowsWithKey(t.db, request.idempotencyKey)).toBe(1)
      }
    })
  }

  it('settles other suffixes as successes after an hour, and 3-digit suffixes by their last two digits', async () => {
    for (const [number, status] of [
      ['01-902-0068389-00', 'succeeded'],
      ['08-6523-1954512-093', 'failed'],
    ] as const) {
      const charged = await bank().charge(bankCharge(sandboxBankAccountReference(number)))
      if (!charged.reference) throw new Error('expected a reference')
      expect((await bank().pollCharge({ reference: charged.reference, now: at(HOUR) })).status).toBe(status)
    }
  })

  it('refuses a reference that names no account without recording it', async () => {
    const request = bankCharge('acc_unknown')
    expect(await bank().charge(request)).toMatchObject({
      status: 'failed',
      reference: null,
      errorStatus: 'account_not_found',
    })
    expect(await bank().findCharge({ idempotencyKey: request.idempotencyKey })).toBeNull()
  })

  it('charges once for 20 calls with one key, and 20 polls at once agree', async () => {
    const request = bankCharge(sandboxBankAccountReference('99-9999-9999999-93'))
    const results = await Promise.all(Array.from({ length: 20 }, () => bank().charge(request)))
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1)
    expect(await rowsWithKey(t.db, request.idempotencyKey)).toBe(1)

    const reference = results[0]?.reference
    if (!reference) throw new Error('expected a reference')
    const polls = await Promise.all(
      Array.from({ length: 20 }, (_, i) => bank().pollCharge({ reference, now: at(HOUR + i * 1000) })),
    )
    expect(polls.every((poll) => poll.status === 'failed')).toBe(true)
    const [row] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference))
    expect(row?.pollCount).toBe(20)
    expect(row?.errorStatus).toBe('insufficient_funds')
  })

  it('finds a bank charge whose answer was lost, still pending until polled', async () => {
    const lossy = createBankSandbox({ db: t.db, faults: { failAfterRecordBeforeReturn: true } })
    const request = bankCharge(sandboxBankAccountReference('99-9999-9999999-91'))
    await expect(lossy.charge(request)).rejects.toThrow(PaymentProviderUnavailableError)
    const found = await bank().findCharge({ idempotencyKey: request.idempotencyKey })
    expect(found?.status).toBe('pending')
    if (!found?.reference) throw new Error('expected a reference')
    expect(await bank().pollCharge({ reference: found.reference, now: at(HOUR) })).toEqual({
      status: 'succeeded',
      reference: found.reference,
    })
  })

  it('takes a batch in one call, answering each request as a single charge would', async () => {
    const ledger = createSandboxProviders({ db: t.db })
    const seen = cardCharge('pm_card_visa')
    const first = await ledger.card.charge(seen)
    const reused = cardCharge('pm_card_visa')
    await ledger.card.charge(reused)
    const fresh = cardCharge(sandboxCardReference('9995'))
    const requests = [
      fresh,
      seen,
      { ...reused, amount: 9_900 },
      cardCharge('pm_card_visa', { amount: 20 }),
      cardCharge('pm_card_visa', { amount: 0 }),
      fresh,
    ]
    const answers = await ledger.card.chargeMany?.(requests)
    if (!answers) throw new Error('the sandbox takes batches')
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    const value = (index: number) => {
      const answer = answers[index]
      if (answer?.status !== 'fulfilled') throw new Error(`answer ${index} was not fulfilled`)
      return answer.value
    }
    expect(value(0)).toMatchObject({ status: 'failed', errorStatus: 'insufficient_funds' })
    expect(value(5)).toEqual(value(0))
    expect(value(1)).toEqual(first)
    expect(answers[2]).toMatchObject({ reason: expect.any(IdempotencyKeyReusedError) })
    expect(value(3)).toMatchObject({ status: 'failed', reference: null, errorStatus: 'amount_too_small' })
    expect(answers[4]).toMatchObject({ reason: expect.any(RangeError) })
    expect(await rowsWithKey(t.db, fresh.idempotencyKey)).toBe(1)
    expect(await ledger.card.findCharge({ idempotencyKey: fresh.idempotencyKey })).toEqual(value(0))
  })

  it('polls a batch in one call: counts each poll, settles what is due, knows no stranger', async () => {
    const ledger = createSandboxProviders({ db: t.db })
    const quick = await ledger.bank.charge(bankCharge(sandboxBankAccountReference('99-9999-9999999-92')))
    const slow = await ledger.bank.charge(bankCharge(sandboxBankAccountReference('12-3140-0171323-01')))
    const references = [quick.reference, slow.reference, 'payment_sandbox_missing'].map((reference) =>
      String(reference),
    )
    const answers = await ledger.bank.pollCharges?.({ references, now: at(HOUR) })
    if (!answers) throw new Error('the sandbox polls batches')
    expect(answers[0]).toEqual({
      status: 'fulfilled',
      value: {
        status: 'failed',
        reference: quick.reference,
        errorStatus: 'invalid_account',
        errorDescription: expect.any(String),
      },
    })
    expect(answers[1]).toEqual({
      status: 'fulfilled',
      value: { status: 'pending', reference: slow.reference },
    })
    expect(answers[2]).toMatchObject({ status: 'rejected', reason: expect.any(ChargeNotFoundError) })
    // Already settled: the next poll reads the outcome the first one recorded.
    expect(await ledger.bank.pollCharge({ reference: String(quick.reference), now: at(2 * HOUR) })).toEqual(
      (answers[0] as PromiseFulfilledResult<unknown>).value,
    )
    const rows = await t.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, String(quick.reference)))
    expect(rows[0]?.pollCount).toBe(2)
    expect(rows[0]?.settledAt).toEqual(at(HOUR))
  })

  it('serves both kinds through createSandboxProviders', async () => {
    const providers = createSandboxProviders({ db: t.db })
    expect(providerFor(providers, 'stripe_card')).toMatchObject({ kind: 'card', name: 'sandbox_card' })
    expect(providerFor(providers, 'bank_account')).toMatchObject({ kind: 'bank', name: 'sandbox_bank' })
    const card = await providerFor(providers, 'stripe_card').charge(cardCharge('pm_card_visa'))
    const bankResult = await providerFor(providers, 'bank_account').charge(bankCharge('99-9999-9999999-91'))
    expect([card.status, bankResult.status]).toEqual(['succeeded', 'pending'])
  })
})
