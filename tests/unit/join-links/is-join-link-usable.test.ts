import { describe, expect, it } from 'vitest'
import {
  isJoinLinkUsable,
  type JoinLinkState,
} from '~/server/services/join-links/find-usable-join-link.server'

const now = new Date('2026-03-10T01:00:00Z')
const earlier = new Date('2026-03-09T01:00:00Z')
const later = new Date('2026-03-11T01:00:00Z')
const fresh: JoinLinkState = { expiresAt: null, usedAt: null, singleUse: false, onSale: true }

describe('isJoinLinkUsable', () => {
  it('lets a link on sale, unexpired and unused through', () => {
    expect(isJoinLinkUsable({ link: fresh, now })).toBe(true)
    expect(isJoinLinkUsable({ link: { ...fresh, expiresAt: later }, now })).toBe(true)
  })

  it('refuses a link from the moment it expires', () => {
    expect(isJoinLinkUsable({ link: { ...fresh, expiresAt: now }, now })).toBe(false)
    expect(isJoinLinkUsable({ link: { ...fresh, expiresAt: earlier }, now })).toBe(false)
  })

  it('refuses a link whose price or offering is no longer on sale', () => {
    expect(isJoinLinkUsable({ link: { ...fresh, onSale: false }, now })).toBe(false)
  })

  it('spends a single-use link on its first use, for everyone, while a reusable price link stays', () => {
    expect(isJoinLinkUsable({ link: { ...fresh, singleUse: true }, now })).toBe(true)
    expect(isJoinLinkUsable({ link: { ...fresh, singleUse: true, usedAt: earlier }, now })).toBe(false)
    expect(isJoinLinkUsable({ link: { ...fresh, usedAt: earlier }, now })).toBe(true)
  })
})
