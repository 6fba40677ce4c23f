import { describe, expect, it } from 'vitest'
import { toSearchKey } from '~/db/search-key'
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
  it('asks the trigram index for the text spelt as the search key, with LIKE wildcards typed taken literally', () => {
    expect(trigramPattern('roha ngat')).toBe('%roha0ngat%')
    expect(trigramPattern('e_100')).toBe('%e0100%')
    expect(trigramPattern('50%')).toBe('%50\\%%')
    expect(trigramPattern('a\\bc')).toBe('%a\\\\bc%')
  })

  it('leaves out the e-mail domain, which the index does not hold', () => {
    expect(trigramPattern('ata12@exam')).toBe('%ata12%')
    expect(trigramPattern('n.ngata@exam')).toBe('%n0ngata%')
    expect(trigramPattern('@example')).toBeNull()
    expect(trigramPattern('2@ex')).toBeNull()
  })

  it('looks a piece typed across a space up by trigrams of its own, not by the words either side', () => {
    expect(trigramPattern('r m')).toBe('%r0m%')
    expect(trigramPattern('n ki')).toBe('%n0ki%')
    expect(trigramPattern("o'br")).toBe('%o0br%')
  })

  it('asks nothing when no trigram of two letters or digits could narrow the search', () => {
    expect(trigramPattern('ab')).toBeNull()
    expect(trigramPattern('-')).toBeNull()
    expect(trigramPattern('a-')).toBeNull()
    // Two letters at a word's edge give a useful trigram ("eo ").
    expect(trigramPattern('eo!')).toBe('%eo!%')
    expect(trigramPattern('abc')).toBe('%abc%')
  })
})

describe('toSearchKey', () => {
  it('turns the characters between words into 0 and leaves everything else', () => {
    expect(toSearchKey('mary-jane o\u2019brien\nmj.o_b+x')).toBe('mary0jane0o0brien0mj0o0b0x')
    expect(toSearchKey("te ao d'arcy")).toBe('te0ao0d0arcy')
    expect(toSearchKey('pōtae!')).toBe('pōtae!')
  })
})
