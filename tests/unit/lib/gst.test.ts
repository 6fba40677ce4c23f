import { describe, expect, it } from 'vitest'
import { gstContent } from '~/lib/gst'

describe('gstContent', () => {
  it('is 3/23 of a GST-inclusive amount in whole cents, half a cent rounded up', () => {
    expect(gstContent(2300)).toBe(300)
    expect(gstContent(11500)).toBe(1500)
    expect(gstContent(7900)).toBe(1030) // 1030.43…
    expect(gstContent(5330)).toBe(695) // 695.21…
    expect(gstContent(1)).toBe(0) // 0.13
    expect(gstContent(4)).toBe(1) // 0.52
    expect(gstContent(0)).toBe(0)
  })

  it('is symmetric for a refund', () => {
    expect(gstContent(-7900)).toBe(-1030)
    expect(gstContent(-4)).toBe(-1)
  })

  it('refuses a part of a cent', () => {
    expect(() => gstContent(10.5)).toThrow(RangeError)
  })
})
