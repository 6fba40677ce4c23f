import { describe, expect, it } from 'vitest'
import { gstContent } from '~/lib/gst'

describe('gstContent', () => {
  it('is 3/23 of a GST-inclusive amount in cents', () => {
    expect(gstContent(11500)).toBe(1500)
    expect(gstContent(2300)).toBe(300)
    expect(gstContent(7900)).toBe(1030) // 1030.43…
    expect(gstContent(0)).toBe(0)
  })

  it('rounds to the nearest cent (3/23 of whole cents is never exactly a half: 6 × cents is even, 23 × odd is odd)', () => {
    expect(gstContent(1)).toBe(0) // 0.13
    expect(gstContent(4)).toBe(1) // 0.52
    expect(gstContent(3)).toBe(0) // 0.39
    expect(gstContent(5299)).toBe(691) // 691.17
    expect(gstContent(5330)).toBe(695) // 695.2
  })

  it('matches 3/23 rounded half up for every amount up to $1,000', () => {
    for (let cents = 0; cents <= 100_000; cents += 1) {
      const exact = (cents * 3) / 23
      const floor = Math.floor(exact)
      const expected = exact - floor >= 0.5 - 1e-9 ? floor + 1 : floor
      expect(gstContent(cents)).toBe(expected)
    }
  })

  it('is symmetric for a refund', () => {
    expect(gstContent(-7900)).toBe(-1030)
    expect(gstContent(-4)).toBe(-1)
  })

  it('refuses a value that is not whole cents', () => {
    expect(() => gstContent(12.5)).toThrow(RangeError)
    expect(() => gstContent(Number.NaN)).toThrow(RangeError)
  })
})
