import { defaultParseSearch } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { listSearchSchema, rootSearchSchema } from '~/lib/search'

describe('search params every screen understands', () => {
  it('turns numeric-string query values into numbers', () => {
    const search = defaultParseSearch('?page=3&per_page=50&member=12&name=Aroha')
    expect(search).toEqual({ page: 3, per_page: 50, member: 12, name: 'Aroha' })
    expect(listSearchSchema.parse(search)).toEqual({ page: 3, per_page: 50 })
  })

  it('accepts a redirect path on the same site and twoFactorAuth as a boolean', () => {
    expect(
      rootSearchSchema.parse(defaultParseSearch('?redirect=%2Fmembers%2F12&twoFactorAuth=true')),
    ).toEqual({
      redirect: '/members/12',
      twoFactorAuth: true,
    })
    expect(rootSearchSchema.parse({ twoFactorAuth: 'false' })).toEqual({ twoFactorAuth: false })
  })

  it('drops a redirect that would leave the site, and values of the wrong type', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'members']) {
      expect(rootSearchSchema.parse({ redirect }).redirect).toBeUndefined()
    }
    expect(rootSearchSchema.parse({ twoFactorAuth: 'maybe' }).twoFactorAuth).toBeUndefined()
    expect(listSearchSchema.parse({ page: 'two', per_page: 1000 })).toEqual({})
  })
})
