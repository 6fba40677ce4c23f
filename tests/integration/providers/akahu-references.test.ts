import type { PaymentStatusCode } from 'akahu'
import { describe, expect, it } from 'vitest'
import { createAkahuClient } from '~/server/providers/payments/akahu/akahu-client.server'
import {
  AKAHU_PCR_PATTERN,
  akahuKeyTag,
  akahuPaymentMeta,
  akahuStatementField,
  centsToAkahuAmount,
} from '~/server/providers/payments/akahu/akahu-references'
import { akahuChargeResult } from '~/server/providers/payments/akahu/akahu-statuses'
import { AKAHU_APP_SECRET, AKAHU_APP_TOKEN } from '../../mocks/akahu/akahu-fake'
import { TEST_DATA_KEY } from '../../mocks/data-key'

describe('Akahu statement fields (PROVIDERS.md §2: A–Z a–z 0–9 space - _, at most 12)', () => {
  it('fits names in any spelling to the rules instead of having the payment refused', () => {
    expect(akahuStatementField('Ōtāhuhu Strength & Co. (24/7)')).toBe('Otahuhu Stre')
    expect(akahuStatementField("Mere O'Brien-Tūhoe")).toBe('Mere O Brien')
    expect(akahuStatementField('Gym membership')).toBe('Gym membersh')
    expect(akahuStatementField('  Zoë   Kāwhia_Fit  ')).toBe('Zoe Kawhia_F')
    expect(akahuStatementField('Ab ')).toBe('Ab')
    // A cut that ends on a space loses it.
    expect(akahuStatementField('Eleven char x')).toBe('Eleven char')
    expect(akahuStatementField('健身房')).toBeNull()
    expect(akahuStatementField('!!!')).toBeNull()
    expect(akahuStatementField('')).toBeNull()
    expect(akahuStatementField(null)).toBeNull()
  })

  it('every field it writes passes Akahu’s rule, whatever the names', () => {
    const awkward = [
      'Ōtāhuhu Strength & Co. (24/7)',
      '😀 emoji gym',
      'a'.repeat(300),
      '-_-',
      'Te Whare Tapa Whā',
      '',
    ]
    for (const gymName of awkward) {
      for (const memberName of awkward) {
        const meta = akahuPaymentMeta({
          idempotencyKey: `gymbase-payment-${gymName.length}-attempt-${memberName.length}`,
          paymentId: 123_456_789,
          gymName,
          memberName,
          description: 'Gym membership',
        })
        for (const value of [...Object.values(meta.source), ...Object.values(meta.destination)]) {
          expect(value).toMatch(AKAHU_PCR_PATTERN)
        }
        expect(meta.destination.reference).toBe('GB123456789')
      }
    }
  })

  it('tags each idempotency key the same way every time, and different keys differently', () => {
    expect(akahuKeyTag('gymbase-payment-1-attempt-1')).toBe(akahuKeyTag('gymbase-payment-1-attempt-1'))
    expect(akahuKeyTag('gymbase-payment-1-attempt-1')).not.toBe(akahuKeyTag('gymbase-payment-1-attempt-2'))
    expect(akahuKeyTag('x'.repeat(255))).toMatch(/^GB[0-9A-F]{10}$/)
  })

  it('sends dollars with at most two decimals, from integer cents', () => {
    expect(centsToAkahuAmount(2_550)).toBe(25.5)
    expect(centsToAkahuAmount(1)).toBe(0.01)
    expect(centsToAkahuAmount(1_999)).toBe(19.99)
    expect(() => centsToAkahuAmount(0)).toThrow(RangeError)
    expect(() => centsToAkahuAmount(12.5)).toThrow(RangeError)
  })
})

describe('Akahu payment statuses as charge results', () => {
  it('SENT succeeds; READY, PENDING_APPROVAL, PAUSED and unknown statuses stay pending', () => {
    expect(akahuChargeResult({ _id: 'payment_1', status: 'SENT' })).toEqual({
      status: 'succeeded',
      reference: 'payment_1',
    })
    for (const status of ['READY', 'PENDING_APPROVAL', 'PAUSED'] as const) {
      expect(akahuChargeResult({ _id: 'payment_1', status }).status).toBe('pending')
    }
  })

  it('DECLINED, ERROR and CANCELLED fail with a status and words for every reason code', () => {
    const codes: PaymentStatusCode[] = [
      'INTERNAL_ERROR',
      'BANK_ERROR',
      'UNAVAILABLE',
      'INVALID_ACCOUNT',
      'INSUFFICIENT_FUNDS',
      'SINGLE_LIMIT_EXCEEDED',
      'DAILY_LIMIT_EXCEEDED',
      'AKAHU_LIMIT_EXCEEDED',
      'MFA_UNSUPPORTED',
      'MULTISIG_UNSUPPORTED',
      'AUTHENTICATION_FAILED',
      'MFA_FAILED',
      'AFTER_HOURS',
      'USER_CANCELLED',
      'APP_CANCELLED',
      'AKAHU_CANCELLED',
    ]
    for (const status_code of codes) {
      const result = akahuChargeResult({ _id: 'payment_2', status: 'DECLINED', status_code })
      if (result.status !== 'failed') throw new Error(`${status_code} did not fail`)
      expect(result.reference).toBe('payment_2')
      expect(result.errorStatus).toMatch(/^[a-z_]+$/)
      expect(result.errorDescription).toMatch(/^[A-Z].*\.$/)
      expect(result.errorDescription).not.toMatch(/[A-Z]{4,}_/)
    }
    expect(
      akahuChargeResult({ _id: 'p', status: 'ERROR', status_code: 'AUTHENTICATION_FAILED' }),
    ).toMatchObject({
      errorStatus: 'reauthenticate_akahu',
    })
    expect(akahuChargeResult({ _id: 'p', status: 'CANCELLED' })).toMatchObject({ errorStatus: 'bank_error' })
  })
})

describe('the SDK client from configuration', () => {
  it('keeps the consent page at oauth.akahu.nz when AKAHU_API_BASE moves the API (the consent test calls the moved API)', () => {
    const client = createAkahuClient({
      provider: 'akahu',
      appToken: AKAHU_APP_TOKEN,
      appSecret: AKAHU_APP_SECRET,
      dataKey: TEST_DATA_KEY,
      mode: 'test',
      apiBase: 'http://127.0.0.1:4010',
    })
    // The consent page stays Akahu's own: only the API moves to the fake.
    const url = new URL(
      client.auth.buildAuthorizationUrl({ redirect_uri: 'https://join.example/connect-akahu' }),
    )
    expect(url.origin).toBe('https://oauth.akahu.nz')
    expect(url.searchParams.get('client_id')).toBe(AKAHU_APP_TOKEN)
  })
})
