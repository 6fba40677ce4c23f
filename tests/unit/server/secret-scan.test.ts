import { describe, expect, it } from 'vitest'
import { findSecrets, luhnValid, mask } from '~/server/security/secret-scan.server'

/**
 * The scanner the browser suites end with (tests/e2e/after/secrets-at-rest.spec.ts, ADR 057) finds
 * each kind of secret when one is planted, and passes over what only looks like one.
 */
describe('findSecrets', () => {
  it('finds a planted card number, bare or grouped, in a log line or a JSON value', () => {
    expect(findSecrets('{"msg":"charge","card":"4242424242424242"}')).toEqual([
      { kind: 'card number', masked: '************4242' },
    ])
    expect(findSecrets('card 5555 5555 5555 4444 declined')).toEqual([
      { kind: 'card number', masked: '************4444' },
    ])
    expect(findSecrets('amex 3782-822463-10005')).toEqual([
      { kind: 'card number', masked: '***********0005' },
    ])
    // 13 and 19 digits: the shortest and longest numbers the schemes issue.
    expect(findSecrets('old visa 4222222222222').map((found) => found.kind)).toEqual(['card number'])
    expect(findSecrets('long 6011000990139424').map((found) => found.kind)).toEqual(['card number'])
  })

  it('passes over digit runs that are not card numbers', () => {
    // A card number with one digit changed fails Luhn.
    expect(findSecrets('4242424242424241')).toEqual([])
    // A millisecond timestamp (Luhn-valid, but no card scheme starts with 1), ids, a bank account.
    const luhnTimestamp = [
      '1764300000000',
      '1764300000001',
      '1764300000002',
      '1764300000003',
      '1764300000004',
    ]
      .concat(['1764300000005', '1764300000006', '1764300000007', '1764300000008', '1764300000009'])
      .find(luhnValid)
    expect(luhnTimestamp).toBeDefined()
    expect(findSecrets(`{"time":${luhnTimestamp},"id":2147483647}`)).toEqual([])
    expect(findSecrets('account 38-9000-7654321-00, phone 021 555 0101 2222')).toEqual([])
    // Twelve digits and twenty are no card's length.
    expect(findSecrets('424242424242 and 42424242424242424242')).toEqual([])
    // A decimal number's digits (a timing in the billing run's log line).
    expect(findSecrets('{"pollMs":110.42075099999965,"x":6011000990139424.5}')).toEqual([])
    // Inside a longer word (a uuid, a hash).
    expect(findSecrets('ab4242424242424242cd')).toEqual([])
  })

  it('finds the codes and tokens that were sent, as whole words only', () => {
    const sent = { codes: ['482913'], tokens: ['5L6yEipl8x91TO9rJSSdh-0CUlDfPMNOseLGck3BzlE'] }
    expect(findSecrets('Your code is 482913.', sent)).toEqual([{ kind: 'one-time code', masked: '**2913' }])
    expect(
      findSecrets(
        '<a href="https://join.example/pay?token=5L6yEipl8x91TO9rJSSdh-0CUlDfPMNOseLGck3BzlE">',
        sent,
      ),
    ).toEqual([{ kind: 'token', masked: `${'*'.repeat(39)}BzlE` }])
    // The same digits inside a longer number, or beside letters, are not the code.
    expect(findSecrets('order 14829130 and a482913b', sent)).toEqual([])
  })

  it('finds provider keys by their shape', () => {
    const planted = [
      'sk_live_51HxAbCdEfGhIjKlMnOp',
      'rk_test_51HxAbCdEfGhIjKlMnOp',
      'whsec_AbCdEfGhIjKlMnOpQrSt',
      'seti_1Nabc_secret_AbCdEfGh',
      '-----BEGIN PRIVATE KEY-----',
    ]
    for (const key of planted) {
      expect(findSecrets(`config ${key} loaded`), key).toEqual([{ kind: 'provider key', masked: mask(key) }])
    }
    // Publishable keys are public by design; a word like "desk_test" is not a key.
    expect(findSecrets('pk_test_51HxAbCdEfGhIjKlMnOp desk_test_runner')).toEqual([])
  })

  it('masks all but the last four characters', () => {
    expect(mask('4242424242424242')).toBe('************4242')
    expect(mask('abc')).toBe('***')
  })
})
