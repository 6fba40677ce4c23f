import { describe, expect, it } from 'vitest'
import { normaliseGstNumber } from '~/lib/gst-number'

describe('normaliseGstNumber', () => {
  it('accepts Inland Revenue’s valid examples, with or without dashes, and writes them 123-456-789', () => {
    expect(normaliseGstNumber('49091850')).toBe('049-091-850')
    expect(normaliseGstNumber('35-901-981')).toBe('035-901-981')
    expect(normaliseGstNumber('49 098 576')).toBe('049-098-576')
    expect(normaliseGstNumber('136410132')).toBe('136-410-132')
  })

  it('refuses a wrong check digit, a number out of range and anything not digits', () => {
    expect(normaliseGstNumber('136410133')).toBeNull()
    expect(normaliseGstNumber('9125568')).toBeNull()
    expect(normaliseGstNumber('150000001')).toBeNull()
    expect(normaliseGstNumber('12-345-67a')).toBeNull()
    expect(normaliseGstNumber('')).toBeNull()
  })
})
