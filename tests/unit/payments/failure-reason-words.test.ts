import { describe, expect, it } from 'vitest'
import { failureReasonWords } from '~/contracts/payment-filters'

describe('failureReasonWords', () => {
  it('says a known provider code in the words staff read', () => {
    expect(failureReasonWords('insufficient_funds', 'Your card has insufficient funds.')).toBe(
      'Insufficient funds',
    )
    expect(failureReasonWords('lost_card', null)).toBe('Card reported lost')
    expect(failureReasonWords('invalid_account', null)).toBe('Bank account not valid')
  })

  it('falls back to the provider’s own description, then to the code in words, never to a bare code', () => {
    expect(failureReasonWords('new_decline_code', 'The bank refused it.')).toBe('The bank refused it.')
    expect(failureReasonWords('new_decline_code', null)).toBe('New decline code')
    expect(failureReasonWords(null, 'Timed out at the bank.')).toBe('Timed out at the bank.')
    expect(failureReasonWords(null, null)).toBe('No reason given')
  })
})
