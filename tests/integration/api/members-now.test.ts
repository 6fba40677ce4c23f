import { beforeAll, expect, it } from 'vitest'
import { offeringSchema, offeringSummarySchema, uniqueMembershipsSchema } from '~/contracts/catalogue'
import { userBreakdownSchema } from '~/contracts/dashboard'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { createPrice } from '~/server/services/prices/create-price.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { createTestMember, createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

/**
 * Issue 13, point 2: members per offering are counted by one rule everywhere (members-now.server.ts),
 * so the offerings list, an offering's prices, its members per gym and the dashboard agree.
 *
 * On Tuesday 10 March 2026, "24/7" (Ponsonby and Newmarket) holds: Aroha (Ponsonby, weekly), Ben
 * (Newmarket, fortnightly) and Cara (Ponsonby, weekly, cancelled but paid to the end of her week); Dan's
 * membership ended last week; Eve is still signing up. "Off-peak" (Ponsonby) holds Finn, who starts on
 * the 20th. Gus has no membership.
 */
const now = new Date('2026-03-10T01:00:00Z')

describeEachDatabase('members on an offering now, by one rule', (database) => {
  const api = createTestApi(database, { now: () => now })
  let org: TestOrganisation
  let owner: TestBrowser
  const ids = { allHours: 0, offPeak: 0, weekly: 0, fortnightly: 0, offPeakPrice: 0, unused: 0 }

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({ db, now, gymNames: ['Ponsonby', 'Newmarket'] })
    const organisationId = org.organisation.id
    const [ponsonby, newmarket] = [org.gyms[0]!.id, org.gyms[1]!.id]
    const allHours = await createTestPrice({ db, organisationId, gymIds: [ponsonby, newmarket], now })
    const fortnightly = await createPrice({
      db,
      organisationId,
      now,
      offeringId: allHours.offering.offering.id,
      amount: 4500,
      billingFrequency: 'fortnightly',
    })
    const unused = await createPrice({
      db,
      organisationId,
      now,
      offeringId: allHours.offering.offering.id,
      amount: 9900,
      billingFrequency: 'monthly',
    })
    const offPeak = await createTestPrice({ db, organisationId, gymIds: [ponsonby], amount: 1500, now })
    Object.assign(ids, {
      allHours: allHours.offering.offering.id,
      offPeak: offPeak.offering.offering.id,
      weekly: allHours.price.id,
      fortnightly: fortnightly.id,
      offPeakPrice: offPeak.price.id,
      unused: unused.id,
    })

    const join = (gymId: number, priceId: number, startDate: string, seed: string) =>
      createTestMembership({
        db,
        organisationId,
        gymId,
        priceId,
        startDate,
        now: new Date(`${startDate}T01:00:00Z`),
        seed,
      })
    await join(ponsonby, ids.weekly, '2026-03-02', 'aroha')
    await join(newmarket, ids.fortnightly, '2026-03-02', 'ben')
    const cara = await join(ponsonby, ids.weekly, '2026-03-02', 'cara')
    const dan = await join(ponsonby, ids.weekly, '2026-02-16', 'dan')
    await join(ponsonby, ids.offPeakPrice, '2026-03-20', 'finn')
    const eve = await createTestMember({ db, organisationId, gymId: ponsonby, now, seed: 'eve' })
    await createSubscription({
      db,
      organisationId,
      userId: eve.id,
      gymId: ponsonby,
      priceId: ids.weekly,
      startDate: '2026-03-10',
      isStaging: true,
      now,
    })
    await createTestMember({ db, organisationId, gymId: ponsonby, now, seed: 'gus' })

    // Dan cancels in February: his membership ends with the week of 23 February.
    for (const day of ['2026-02-16', '2026-02-23', '2026-03-02', '2026-03-09']) {
      const at = new Date(`${day}T01:00:00Z`)
      if (day === '2026-02-23') {
        await cancelSubscription({ db, now: at, organisationId, subscriptionId: dan.subscription.id })
      }
      await advanceSubscriptions({ db, now: at })
    }
    await cancelSubscription({ db, now, organisationId, subscriptionId: cara.subscription.id })
    await advanceSubscriptions({ db, now })
    owner = await signInStaff({ database, api, now, organisation: org, admin: true })
  })

  it('counts the same members on the offerings list, the prices, the gyms and the dashboard', async () => {
    const list = await readPage(await owner.get('/offerings'), offeringSummarySchema)
    const listed = (id: number) => list.data.find((offering) => offering.id === id)?.memberships_count
    expect(listed(ids.allHours)).toBe(3)
    expect(listed(ids.offPeak)).toBe(1)

    const offering = await readData(await owner.get(`/offerings/${ids.allHours}`), offeringSchema)
    const onPrice = (id: number) => offering.prices.find((price) => price.id === id)?.members_count
    expect(onPrice(ids.weekly)).toBe(2)
    expect(onPrice(ids.fortnightly)).toBe(1)
    expect(onPrice(ids.unused)).toBe(0)
    expect(offering.prices.reduce((sum, price) => sum + price.members_count, 0)).toBe(3)

    const perGym = await Promise.all(
      org.gyms.map(async (gym) =>
        readData(
          await owner.get(`/gyms/${gym.id}/offerings/${ids.allHours}/unique-memberships`),
          uniqueMembershipsSchema,
        ),
      ),
    )
    expect(perGym.map((gym) => gym.current)).toEqual([2, 1])
    // Ever: Aroha, Cara and Dan at Ponsonby.
    expect(perGym.map((gym) => gym.total)).toEqual([3, 1])

    const atPonsonby = await readPage(
      await owner.get(`/gyms/${org.gyms[0]!.id}/offerings`),
      offeringSummarySchema,
    )
    expect(atPonsonby.data.find((row) => row.id === ids.allHours)?.memberships_count).toBe(2)

    const breakdown = await readData(await owner.get('/user-breakdown'), userBreakdownSchema)
    expect(breakdown.offerings).toEqual([
      { name: '24/7 Access', members: 3 },
      { name: '24/7 Access', members: 1 },
    ])
    const ponsonbyBreakdown = await readData(
      await owner.get(`/user-breakdown?gym_id=${org.gyms[0]!.id}`),
      userBreakdownSchema,
    )
    expect(ponsonbyBreakdown.offerings.map((row) => row.members)).toEqual([2, 1])
  })

  it('offers Delete only where nothing depends on it', async () => {
    const offering = await readData(await owner.get(`/offerings/${ids.allHours}`), offeringSchema)
    const inUse = Object.fromEntries(offering.prices.map((price) => [price.id, price.in_use]))
    expect(inUse).toEqual({ [ids.weekly]: true, [ids.fortnightly]: true, [ids.unused]: false })
    expect(offering.in_use).toBe(true)
    expect((await owner.request('DELETE', `/prices/${ids.weekly}`)).status).toBe(409)
    expect((await owner.request('DELETE', `/prices/${ids.unused}`)).status).toBe(200)
  })
  it('edits an offering without taking it away from the gyms its members use', async () => {
    const path = `/offerings/${ids.allHours}`
    const [ponsonby, newmarket] = [org.gyms[0]!.id, org.gyms[1]!.id]
    const stranding = await owner.request('PUT', path, {
      body: { name: '24/7 Access', all_gyms_access: false, gyms: [ponsonby] },
    })
    expect((await readErrors(stranding)).gyms).toEqual([
      'Members at Newmarket hold this offering now, so it must keep giving access there.',
    ])
    const renamed = await owner.request('PUT', path, {
      body: {
        name: 'Anytime',
        description: 'Every hour of every day',
        all_gyms_access: false,
        gyms: [newmarket, ponsonby],
      },
    })
    expect(await readData(renamed, offeringSchema)).toMatchObject({
      name: 'Anytime',
      description: 'Every hour of every day',
      gyms: [{ id: newmarket }, { id: ponsonby }],
      memberships_count: 3,
    })
    const hours = await owner.request('PUT', path, {
      body: {
        name: 'Anytime',
        gyms: [ponsonby, newmarket],
        hours: [{ day: 1, open_at: '05:00', close_at: '22:00' }],
      },
    })
    expect((await readErrors(hours)).hours).toEqual(['A 24/7 offering has no opening hours.'])
  })

  it('restores an archived offering with its prices and links', async () => {
    expect((await owner.request('DELETE', `/offerings/${ids.offPeak}/archive`)).status).toBe(200)
    const archived = await readData(await owner.get(`/offerings/${ids.offPeak}`), offeringSchema)
    expect(archived.archived_at).not.toBeNull()
    expect(await readMessage(await owner.post(`/offerings/${ids.offPeak}/restore`), 200)).toBe(
      'Offering restored.',
    )
    const restored = await readData(await owner.get(`/offerings/${ids.offPeak}`), offeringSchema)
    expect(restored.archived_at).toBeNull()
  })
})
