import { describe, expect, it } from 'vitest'
import { prefixRangeEnd, trigramPattern } from '~/server/services/members/search-members.server'

describe('prefixRangeEnd', () => {
  it('is the first text after every text that starts with the prefix, in byte order', () => {
    expect(prefixRangeEnd('aroha')).toBe('arohb')
    expect(prefixRangeEnd('ana k')).toBe('ana l')
    expect(prefixRangeEnd('pōta')).toBe('pōtb')
    expect(prefixRangeEnd('tē')).toBe('t\u0114')
    for (const name of ['aroha', 'aroha ngata', 'arohaz', 'aroha\u{10FFFF}']) {
      expect(name >= 'aroha' && name < prefixRangeEnd('aroha')).toBe(true)
    }
    expect('arohb' < prefixRangeEnd('aroha')).toBe(false)
  })

  it('moves past a character outside the basic plane whole, and never into the surrogates', () => {
    expect(prefixRangeEnd('a😀')).toBe('a😁')
    expect(prefixRangeEnd('a\u{D7FF}')).toBe('a\u{E000}')
    expect(prefixRangeEnd('ab\u{10FFFF}')).toBe('ac')
    expect(() => new TextEncoder().encode(prefixRangeEnd('\u{10FFFF}'))).not.toThrow()
  })
})

describe('trigramPattern', () => {
  it('asks the trigram index for the text, with LIKE wildcards typed taken literally', () => {
    expect(trigramPattern('roha ngat')).toBe('%roha ngat%')
    expect(trigramPattern('e_100')).toBe('%e\\_100%')
    expect(trigramPattern('50%')).toBe('%50\\%%')
    expect(trigramPattern('a\\bc')).toBe('%a\\\\bc%')
  })

  it('leaves out the e-mail domain, which the index does not hold', () => {
    expect(trigramPattern('ata12@exam')).toBe('%ata12%')
    expect(trigramPattern('@example')).toBeNull()
    expect(trigramPattern('2@ex')).toBeNull()
  })

  it('asks nothing when no trigram of two letters or digits could narrow the search', () => {
    // Each run of letters yields trigrams only with its padding: "  m", "r  ", which half share.
    expect(trigramPattern('r m')).toBeNull()
    expect(trigramPattern('ab')).toBeNull()
    expect(trigramPattern('-')).toBeNull()
    // Two letters at a word's edge give a useful trigram (" ki", "eo ").
    expect(trigramPattern('n ki')).toBe('%n ki%')
    expect(trigramPattern('eo g')).toBe('%eo g%')
    expect(trigramPattern('abc')).toBe('%abc%')
  })
})
