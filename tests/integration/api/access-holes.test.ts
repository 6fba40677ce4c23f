import { beforeAll, describe, expect, it } from 'vitest'
import { priceChangeHistoryEntrySchema } from '~/contracts/subscriptions'
import { z } from '~/lib/validation'
import { createTestMember, createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff } from '../support/sign-in'

/**
 * Issue 12, point 3: the holes found by probing the API. Each answered 200/201 (or 500) before; a
 * member, gym or record outside the caller's scope is a 404, a visible one they may not change a 403.
 */
const now = new Date('2026-03-10T01:00:00Z')

describeEachDatabase('access holes closed', (database) => {
  const api = createTestApi(database, { now: () => now })
  let org: TestOrganisation
  let other: TestOrganisation
  let priceId: number
  let ponsonbyMember: number
  let newmarketMember: number
  let newmarketSubscriber: number
  const ponsonby = 0
  const newmarket = 1

  const signIn = (options: {
    organisation?: TestOrganisation
    admin?: boolean
    gyms?: Array<{ index: number; role: 'admin' | 'personal_trainer' }>
  }) => signInStaff({ database, api, now, organisation: options.organisation ?? org, ...options })

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, now, gymNames: ['Ponsonby', 'Newmarket'] })
    other = await createTestOrganisation({ db: database.db, now, gymNames: ['Elsewhere'] })
    const organisationId = org.organisation.id
    const gymIds = org.gyms.map((gym) => gym.id)
    priceId = (await createTestPrice({ db: database.db, organisationId, gymIds, now })).price.id
    const member = (gymIndex: number, seed: string) =>
      createTestMember({ db: database.db, organisationId, gymId: gymIds[gymIndex] ?? 0, now, seed })
    ponsonbyMember = (await member(ponsonby, 'ponsonby-member')).id
    newmarketMember = (await member(newmarket, 'newmarket-member')).id
    const membership = await createTestMembership({
      db: database.db,
      organisationId,
      gymId: gymIds[newmarket] ?? 0,
      priceId,
      now,
      seed: 'newmarket-subscriber',
    })
    newmarketSubscriber = membership.member.id
  })

  describe('POST /subscriptions', () => {
    const start = (userId: number, gymIndex: number) => ({
      user_id: userId,
      price_id: priceId,
      gym_id: org.gyms[gymIndex]?.id,
    })

    it('is a 404 for a member of another gym, for a trainer and a gym admin of Ponsonby alike', async () => {
      for (const role of ['personal_trainer', 'admin'] as const) {
        const browser = await signIn({ gyms: [{ index: ponsonby, role }] })
        const response = await browser.post('/subscriptions', start(newmarketMember, newmarket))
        expect(response.status, role).toBe(404)
      }
    })

    it('is a 404 for a gym the gym admin does not run, even for their own member', async () => {
      const browser = await signIn({ gyms: [{ index: ponsonby, role: 'admin' }] })
      expect((await browser.post('/subscriptions', start(ponsonbyMember, newmarket))).status).toBe(404)
    })

    it('is a 403 for a personal trainer at their own gym: trainers take no money', async () => {
      const browser = await signIn({ gyms: [{ index: ponsonby, role: 'personal_trainer' }] })
      expect((await browser.post('/subscriptions', start(ponsonbyMember, ponsonby))).status).toBe(403)
    })

    it('is a 404 for another organisation’s admin', async () => {
      const browser = await signIn({ organisation: other, admin: true })
      expect((await browser.post('/subscriptions', start(ponsonbyMember, ponsonby))).status).toBe(404)
    })

    it('lets the gym admin start a membership for their member at their gym', async () => {
      const browser = await signIn({ gyms: [{ index: ponsonby, role: 'admin' }] })
      const response = await browser.post('/subscriptions', start(ponsonbyMember, ponsonby))
      expect(response.status, await response.clone().text()).toBe(201)
    })
  })

  describe('GET /users/{id}/price-change-history', () => {
    const history = (browser: Awaited<ReturnType<typeof signIn>>, memberId: number) =>
      browser.get(`/users/${memberId}/price-change-history`)

    it('is a 404 about a member of another gym, for a gym admin and a trainer', async () => {
      for (const role of ['admin', 'personal_trainer'] as const) {
        const browser = await signIn({ gyms: [{ index: ponsonby, role }] })
        expect((await history(browser, newmarketSubscriber)).status, role).toBe(404)
      }
    })

    it('is a 404 for another organisation’s admin, not an empty list', async () => {
      const browser = await signIn({ organisation: other, admin: true })
      expect((await history(browser, newmarketSubscriber)).status).toBe(404)
    })

    it('answers staff of the member’s gym', async () => {
      const browser = await signIn({ gyms: [{ index: newmarket, role: 'personal_trainer' }] })
      const entries = await readData(
        await history(browser, newmarketSubscriber),
        z.array(priceChangeHistoryEntrySchema),
      )
      expect(entries).toEqual([])
    })
  })

  describe('debug views are money: the payments area', () => {
    it('refuses a personal trainer with a 403, not a list of e-mails and amounts owing', async () => {
      const browser = await signIn({ gyms: [{ index: ponsonby, role: 'personal_trainer' }] })
      for (const path of [
        '/active-user-debugging',
        '/active-user-debugging/counts',
        '/expected-payments-debugging',
      ]) {
        const response = await browser.get(path)
        expect(response.status, path).toBe(403)
        expect(await response.text()).not.toContain('@')
      }
    })

    it('still answers a gym admin', async () => {
      const browser = await signIn({ gyms: [{ index: ponsonby, role: 'admin' }] })
      expect((await browser.get('/active-user-debugging')).status).toBe(200)
    })
  })
})
