import { beforeAll, expect, it } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import { expectedPaymentsSchema } from '~/contracts/billing-debugging'
import { costAndVisitBreakdownSchema, statsSchema } from '~/contracts/dashboard'
import { memberDoorAccessSchema } from '~/contracts/doors'
import {
  memberDetailSchema,
  memberHistoryEntrySchema,
  memberPaymentSchema,
  memberRowSchema,
  subscriptionPeriodsSchema,
} from '~/contracts/members'
import { paymentRowSchema } from '~/contracts/payments'
import { z } from '~/lib/validation'
import { createSubscribedTestMember, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readJson, readMessage, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { atDay as at, failedPaymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

const day = '2026-03-09'

/**
 * The role at the gym shown (issue 25 point 3, ADR 032): someone who trains at Kingsland and runs Eden
 * gets no money of Kingsland from any endpoint — with Kingsland current, with `gym_id` of Kingsland,
 * or for a Kingsland member — while Eden's money is still theirs.
 */
describeEachDatabase('the role at the gym shown', (database) => {
  let org: TestOrganisation
  const clock = at(day)
  const testApi = createTestApi(database, { now: () => clock })
  let mixed: TestBrowser
  let owner: TestBrowser
  const kingsland = () => org.gyms[0]!.id
  const eden = () => org.gyms[1]!.id
  const members = { kingsland: { id: 0, paymentId: 0 }, eden: { id: 0, paymentId: 0 } }

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({
      db,
      name: 'Two Roles Gym',
      gymNames: ['Kingsland', 'Eden'],
      now: at('2026-01-01'),
    })
    // Weekly, $25.00, at both gyms.
    const { price } = await createTestPriceFor({ db, organisation: org, now: at('2026-01-01') })
    // A member at each gym whose card declines: each owes after a failed payment.
    for (const [key, gymIndex] of [
      ['kingsland', 0],
      ['eden', 1],
    ] as const) {
      const { member, subscription } = await createSubscribedTestMember({
        db,
        organisation: org,
        priceId: price.id,
        startDate: '2026-03-02',
        gymIndex,
        pays: [{ card: '9995', makeDefault: true }],
      })
      await runEngineOn({ db, days: ['2026-03-02', day] })
      const [failed] = await failedPaymentsOf(db, subscription.id)
      if (!failed) throw new Error('The charge did not fail')
      members[key] = { id: member.id, paymentId: failed.id }
    }
    // Trainer at Kingsland (listed first: their current gym), admin at Eden.
    mixed = await signInStaff({
      database,
      api: testApi,
      now: clock,
      organisation: org,
      gyms: [
        { index: 0, role: 'personal_trainer' },
        { index: 1, role: 'admin' },
      ],
    })
    owner = await signInStaff({ database, api: testApi, now: clock, organisation: org, admin: true })
  })

  it('signs in at the gym where they train', async () => {
    const me = await readData(await mixed.get('/me'), sessionUserSchema)
    expect(me.current_gym).toEqual({ id: kingsland(), role: 'personal_trainer' })
  })

  it('the dashboard: no collections or failed payments for Kingsland or for all their gyms; Eden’s are there', async () => {
    for (const query of [`?gym_id=${kingsland()}`, '']) {
      const stats = await readData(await mixed.get(`/stats${query}`), statsSchema)
      expect(stats.collections, `stats${query}`).toBeNull()
      expect(stats.members.in_grace_period).toBeGreaterThan(0)
      const costs = await readData(
        await mixed.get(`/cost-and-visit-breakdown${query}`),
        costAndVisitBreakdownSchema,
      )
      expect(costs.failed_payments, `costs${query}`).toBeNull()
      expect(costs.expected_collections).toBeNull()
      expect(costs.cost_per_visit).toBeNull()
    }
    const stats = await readData(await mixed.get(`/stats?gym_id=${eden()}`), statsSchema)
    expect(stats.collections).not.toBeNull()
    const costs = await readData(
      await mixed.get(`/cost-and-visit-breakdown?gym_id=${eden()}`),
      costAndVisitBreakdownSchema,
    )
    expect(costs.failed_payments?.rows.map((row) => row.member.id)).toEqual([members.eden.id])
    expect(costs.expected_collections).not.toBeNull()
  })

  it('payments: Kingsland’s are refused (403), the list without a gym holds Eden’s only', async () => {
    expect(await readMessage(await mixed.get(`/payments?gym_id=${kingsland()}`), 403)).toBe(
      'This action is unauthorized.',
    )
    expect((await mixed.post('/payments/export', { gym_id: kingsland() })).status).toBe(403)
    const all = await readPage(await mixed.get('/payments'), paymentRowSchema)
    expect(new Set(all.data.map((row) => row.member.id))).toEqual(new Set([members.eden.id]))
    const edens = await readPage(await mixed.get(`/payments?gym_id=${eden()}`), paymentRowSchema)
    expect(edens.data.length).toBeGreaterThan(0)
    for (const action of ['retry', 'payment-link']) {
      expect((await mixed.post(`/payments/${members.kingsland.paymentId}/${action}`)).status).toBe(403)
    }
    expect(
      (await mixed.post(`/payments/${members.kingsland.paymentId}/waive`, { reason: 'Agreed' })).status,
    ).toBe(403)
    const expected = `/expected-payments-debugging?gym_id=${kingsland()}`
    expect((await mixed.get(expected)).status).toBe(403)
    const edenExpected = await readJson(
      await mixed.get(`/expected-payments-debugging?gym_id=${eden()}`),
      z.object({ data: expectedPaymentsSchema }),
    )
    expect(edenExpected.data.gyms.map((gym) => gym.id)).toEqual([eden()])
  })

  it('members: no balance or price for Kingsland (or all their gyms); Eden’s are shown', async () => {
    for (const query of [`?gym_id=${kingsland()}`, '']) {
      const list = await readPage(await mixed.get(`/members${query}`), memberRowSchema)
      const row = list.data.find((member) => member.id === members.kingsland.id)
      expect(row, query).toBeDefined()
      expect(row?.balance_owing).toBeNull()
      expect(row?.price?.amount ?? null).toBeNull()
      // The balance filter means nothing without money: every member is listed.
      const owing = await readPage(
        await mixed.get(`/members${query}${query ? '&' : '?'}owing=true`),
        memberRowSchema,
      )
      expect(owing.meta.total).toBe(list.meta.total)
    }
    const edens = await readPage(await mixed.get(`/members?gym_id=${eden()}`), memberRowSchema)
    expect(edens.data.find((member) => member.id === members.eden.id)?.balance_owing).toBe(2500)
  })

  it('a Kingsland member’s page: no money, no payments, no cost per visit, no door code; an Eden member’s has them', async () => {
    const here = await readData(await mixed.get(`/members/${members.kingsland.id}`), memberDetailSchema)
    expect(here.sees_money).toBe(false)
    expect(here.balance_owing).toBeNull()
    expect(here.membership?.price.amount ?? null).toBeNull()
    expect(here.membership?.reason ?? '').not.toMatch(/\$/)
    expect((await mixed.get(`/users/${members.kingsland.id}/payments`)).status).toBe(403)
    expect((await mixed.get(`/members/${members.kingsland.id}/weekly-cost-per-visit`)).status).toBe(403)
    expect((await mixed.get(`/members/${members.kingsland.id}/access-control-credentials`)).status).toBe(403)
    const periods = await readData(
      await mixed.get(`/members/${members.kingsland.id}/subscription-periods`),
      subscriptionPeriodsSchema,
    )
    expect(periods.length).toBeGreaterThan(0)
    for (const period of periods) expect(period.amount).toBeNull()
    const history = await readPage(
      await mixed.get(`/members/${members.kingsland.id}/history`),
      memberHistoryEntrySchema,
    )
    for (const entry of history.data) expect(entry.description).not.toMatch(/\$\d/)
    const access = await readData(
      await mixed.get(`/members/${members.kingsland.id}/access-control`),
      memberDoorAccessSchema,
    )
    expect(access.member_gym_id).toBe(kingsland())

    const there = await readData(await mixed.get(`/members/${members.eden.id}`), memberDetailSchema)
    expect(there.sees_money).toBe(true)
    expect(there.balance_owing).toBe(2500)
    const paid = await readPage(await mixed.get(`/users/${members.eden.id}/payments`), memberPaymentSchema)
    expect(paid.data.length).toBeGreaterThan(0)
    expect((await mixed.get(`/members/${members.eden.id}/weekly-cost-per-visit`)).status).toBe(200)
    expect((await mixed.get(`/members/${members.eden.id}/access-control-credentials`)).status).toBe(200)
  })

  it('an organisation admin sees both gyms’ money', async () => {
    const stats = await readData(await owner.get(`/stats?gym_id=${kingsland()}`), statsSchema)
    expect(stats.collections).not.toBeNull()
    const detail = await readData(await owner.get(`/members/${members.kingsland.id}`), memberDetailSchema)
    expect(detail.sees_money).toBe(true)
    expect(detail.balance_owing).toBe(2500)
  })
})
