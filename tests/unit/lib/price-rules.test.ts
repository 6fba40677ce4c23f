import { describe, expect, it } from 'vitest'
import {
  enterTermAmount,
  findTermProblems,
  hasTerm,
  isFrequencyEnabled,
  selectTermUnit,
} from '~/contracts/price-rules'

describe('price rules', () => {
  it('asks for the missing half of a term, and nothing of a flexi price or a whole term', () => {
    expect(findTermProblems({ termAmount: 12, termUnit: null })).toEqual({ termUnit: selectTermUnit })
    expect(findTermProblems({ termAmount: undefined, termUnit: 'month' })).toEqual({
      termAmount: enterTermAmount,
    })
    expect(findTermProblems({ termAmount: null, termUnit: null })).toEqual({})
    expect(findTermProblems({ termAmount: 12, termUnit: 'month' })).toEqual({})
  })

  it('calls a price a term membership only with both its length and its unit', () => {
    expect(hasTerm({ termAmount: 12, termUnit: 'month' })).toBe(true)
    expect(hasTerm({ termAmount: 12, termUnit: null })).toBe(false)
    expect(hasTerm({ termAmount: null, termUnit: null })).toBe(false)
  })

  it('sells only a frequency the organisation switched on; daily, two-monthly and one-off have no switch', () => {
    expect(isFrequencyEnabled({ frequency: 'twice_yearly', enabled: ['six_monthly'] })).toBe(true)
    expect(isFrequencyEnabled({ frequency: 'twice_yearly', enabled: ['monthly'] })).toBe(false)
    expect(isFrequencyEnabled({ frequency: 'weekly', enabled: [] })).toBe(false)
    for (const frequency of ['daily', 'bi_monthly', 'one_off'] as const)
      expect(isFrequencyEnabled({ frequency, enabled: ['weekly', 'monthly', 'six_monthly'] })).toBe(false)
  })
})
