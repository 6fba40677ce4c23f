import { describe, expect, it } from 'vitest'
import {
  checkNzBankAccount,
  nzBankAccountMessages,
  nzBankAccountNumberSchema,
  parseNzBankAccount,
} from '~/lib/nz-bank-account'

// Test vectors of PROVIDERS §4: IRD's worked examples (as re-used by kiwi-josh's tests) and their
// one-digit-off neighbours.
describe('checkNzBankAccount', () => {
  it.each([
    ['01-902-0068389-00', '01-0902-0068389-00', 'A'],
    ['08-6523-1954512-001', '08-6523-1954512-001', 'D'],
    ['26-2600-0320871-032', '26-2600-0320871-032', 'G'],
    ['12-3140-0171323-50', '12-3140-0171323-50', 'A'],
  ])('accepts %s, as %s (algorithm %s)', (value, number) => {
    expect(checkNzBankAccount({ value })).toMatchObject({ valid: true, number })
  })

  it.each([
    ['01-902-0068390-00', 'checksum'],
    ['08-6523-1954513-001', 'checksum'],
    ['26-2600-0320872-032', 'checksum'],
    ['01-9999-1231231-11', 'branch'],
    ['99-9999-9999999-91', 'bank'],
  ])('refuses %s (%s)', (value, problem) => {
    expect(checkNzBankAccount({ value })).toEqual({
      valid: false,
      problem,
      message: nzBankAccountMessages[problem as keyof typeof nzBankAccountMessages],
    })
  })

  it('accepts Akahu’s Demo Bank only when asked to, for the sandbox', () => {
    for (const suffix of ['91', '92', '93', '94']) {
      const value = `99-9999-9999999-${suffix}`
      expect(checkNzBankAccount({ value, acceptDemoBank: true })).toMatchObject({
        valid: true,
        number: value,
      })
      expect(checkNzBankAccount({ value, acceptDemoBank: false })).toMatchObject({ problem: 'bank' })
    }
    // The sandbox's exception is for bank 99 only: a real bank's bad number stays bad.
    expect(checkNzBankAccount({ value: '01-902-0068390-00', acceptDemoBank: true })).toMatchObject({
      problem: 'checksum',
    })
  })

  it('checks an algorithm B number (base from 00990000 up) without the branch weights', () => {
    // B weighs the base alone: 9×10 + 9×5 + 8×1 = 143 = 13 × 11. Under A, branch 0001 would add 9.
    expect(checkNzBankAccount({ value: '01-0001-0990008-00' })).toMatchObject({ valid: true })
    expect(checkNzBankAccount({ value: '01-0001-0990007-00' })).toMatchObject({ problem: 'checksum' })
  })

  it('refuses what is not shaped like an account number', () => {
    for (const value of [
      '',
      '1234',
      '12-3456-789012-00',
      '12-3456-7890123-0',
      'ab-cdef-ghijklm-no',
      '12-3140-1171323-50-1',
    ])
      expect(checkNzBankAccount({ value })).toMatchObject({ problem: 'format' })
  })
})

describe('parseNzBankAccount', () => {
  it('takes hyphens, spaces, no separators and the IRD’s padded widths alike', () => {
    const parts = { bank: '12', branch: '3140', base: '00171323', suffix: '0050' }
    for (const value of [
      '12-3140-0171323-50',
      '12 3140 0171323 50',
      ' 123140017132350 ',
      '12 3140-0171323 50',
    ])
      expect(parseNzBankAccount(value)).toEqual({ number: '12-3140-0171323-50', parts })
    // A suffix padded to four digits no longer says whether it had two or three: three are kept.
    expect(parseNzBankAccount('12-3140-00171323-0050')).toEqual({ number: '12-3140-0171323-050', parts })
  })

  it('refuses a base or suffix wider than the statement’s except by a leading zero', () => {
    expect(parseNzBankAccount('12-3140-10171323-50')).toBeNull()
    expect(parseNzBankAccount('12-3140-0171323-1050')).toBeNull()
  })
})

describe('nzBankAccountNumberSchema', () => {
  it('gives the statement form, or the check’s message', () => {
    expect(nzBankAccountNumberSchema().parse(' 12 3140 0171323 50 ')).toBe('12-3140-0171323-50')
    const refused = nzBankAccountNumberSchema().safeParse('01-902-0068390-00')
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.message).toBe(nzBankAccountMessages.checksum)
    expect(nzBankAccountNumberSchema({ acceptDemoBank: true }).parse('99-9999-9999999-91')).toBe(
      '99-9999-9999999-91',
    )
  })
})
