import { defaultParseSearch } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { paymentsSearchSchema } from '~/features/payments/search'
import { emailLinkSearchSchema, listSearchSchema, rootSearchSchema } from '~/lib/search'
import { calendarDay, integer, oneOf, text } from '~/lib/search-params'

describe('search params every screen understands', () => {
  it('turns numeric-string query values into numbers', () => {
    const search = defaultParseSearch('?page=3&per_page=50&member=12&name=Aroha')
    expect(search).toEqual({ page: 3, per_page: 50, member: 12, name: 'Aroha' })
    expect(listSearchSchema(search)).toEqual({ page: 3, per_page: 50 })
  })

  it('accepts a redirect path on the same site and twoFactorAuth as a boolean', () => {
    expect(rootSearchSchema(defaultParseSearch('?redirect=%2Fmembers%2F12&twoFactorAuth=true'))).toEqual({
      redirect: '/members/12',
      twoFactorAuth: true,
    })
    expect(rootSearchSchema({ twoFactorAuth: 'false' })).toEqual({ twoFactorAuth: false })
  })

  it('drops a redirect that would leave the site, and values of the wrong type', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'members', 12]) {
      expect(rootSearchSchema({ redirect }).redirect).toBeUndefined()
    }
    expect(rootSearchSchema({ twoFactorAuth: 'maybe' }).twoFactorAuth).toBeUndefined()
    expect(listSearchSchema({ page: 'two', per_page: 1000 })).toEqual({})
    expect(listSearchSchema({ page: 0, per_page: 2.5, search: { $ne: 1 } })).toEqual({})
  })

  it('keeps a token the router read as a number as the text it was', () => {
    expect(emailLinkSearchSchema(defaultParseSearch('?token=123456&email=a%40b.nz'))).toEqual({
      token: '123456',
      email: 'a@b.nz',
    })
  })

  it('refuses text over its length, numbers out of range or unsafe, and words not in the list', () => {
    expect(text({ max: 3 })('abcd')).toBeUndefined()
    expect(text({ max: 3 })('abc')).toBe('abc')
    expect(integer({ min: 1, max: 10 })(11)).toBeUndefined()
    expect(integer()(2 ** 60)).toBeUndefined()
    expect(integer({ min: 1 })(Number.NaN)).toBeUndefined()
    expect(oneOf(['all'])('some')).toBeUndefined()
    expect(oneOf(['all'])('all')).toBe('all')
  })

  it('keeps only days that exist, from 1900 on', () => {
    const day = calendarDay()
    expect(day('2028-02-29')).toBe('2028-02-29')
    expect(day('2026-02-29')).toBeUndefined()
    expect(day('2026-02-31')).toBeUndefined()
    expect(day('2026-13-01')).toBeUndefined()
    expect(day('2026-04-00')).toBeUndefined()
    expect(day('1899-12-31')).toBeUndefined()
    expect(day('0000-01-01')).toBeUndefined()
    expect(day('2026-1-5')).toBeUndefined()
  })

  it('leaves out a range whose start is after its end, whole, and keeps the other filters', () => {
    const search = defaultParseSearch(
      '?due_from=2026-05-10&due_to=2026-05-01&amount_min=500&amount_max=100&status=failed',
    )
    expect(paymentsSearchSchema(search)).toEqual({ status: 'failed' })
    const ordered = defaultParseSearch('?due_from=2026-05-01&due_to=2026-05-01&amount_min=100&amount_max=500')
    expect(paymentsSearchSchema(ordered)).toEqual({
      due_from: '2026-05-01',
      due_to: '2026-05-01',
      amount_min: 100,
      amount_max: 500,
    })
    // The router merges a route's answer over the address's values: a refused value must not survive it.
    const raw = defaultParseSearch('?due_from=2026-02-31&status=bogus&amount_min=500&amount_max=100')
    const merged = { ...raw, ...paymentsSearchSchema(raw) }
    expect([merged.due_from, merged.status, merged.amount_min, merged.amount_max]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    // One end alone is a range too.
    expect(paymentsSearchSchema(defaultParseSearch('?due_from=2026-05-10'))).toEqual({
      due_from: '2026-05-10',
    })
  })
})
