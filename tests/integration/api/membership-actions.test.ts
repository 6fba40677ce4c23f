import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { memberDetailSchema, memberStandingSchema } from '~/contracts/members'
import { membershipChangeSchema, subscriptionSchema } from '~/contracts/subscriptions'
import { subscriptions } from '~/db/schema'
import { toSubscriptionResource } from '~/server/api/resources/subscription'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

const at = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * Each staff action on a membership answers the membership as it now stands: the subscription as
 * stored, and `member`, exactly what the member's page would read again — so the page sets its data
 * from the answer instead of reloading the member.
 */
describeEachDatabase('membership actions answer what the page shows', (database) => {
  let org: TestOrganisation
  let priceId: number
  let otherPriceId: number
  const day = '2026-03-09'
  const clock = at(day)
  const testApi = createTestApi(database, { now: () => clock })
  let owner: TestBrowser

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      name: 'Answer Gym',
      gymNames: ['Ponsonby'],
      now: at('2026-01-01'),
    })
    const made = async (amount: number) =>
      (
        await createTestPrice({
          db: database.db,
          organisationId: org.organisation.id,
          gymIds: org.gyms.map((gym) => gym.id),
          billingFrequency: 'weekly',
          amount,
          now: at('2026-01-01'),
        })
      ).price.id
    priceId = await made(2500)
    otherPriceId = await made(2000)
    owner = await signInStaff({ database, api: testApi, now: clock, organisation: org, admin: true })
  })

  async function member(startDate: string) {
    const { member: person, subscription } = await createTestMembership({
      db: database.db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]!.id,
      priceId,
      startDate,
      now: at('2026-03-01'),
    })
    return { memberId: person.id, id: subscription.id }
  }

  /** Posts `path` and holds its answer to the stored row and to the member's page read afresh. */
  async function agrees(memberId: number, id: number, path: string, body: Record<string, unknown>) {
    const [before] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    const answer = await readData(
      await owner.post(path, { version: before!.version, ...body }),
      membershipChangeSchema,
    )
    const [stored] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    expect(subscriptionSchema.parse(answer)).toEqual(toSubscriptionResource(stored!))
    const page = await readData(await owner.get(`/members/${memberId}`), memberDetailSchema)
    expect(answer.member).toEqual(memberStandingSchema.parse(page))
    return answer
  }

  it('pause, resume, cancel, undo, desk payment and price change', async () => {
    const { memberId, id } = await member('2026-03-02')
    const paused = await agrees(memberId, id, `/subscriptions/${id}/pause`, {
      start_date: '2026-03-16',
      end_date: '2026-03-29',
    })
    expect(paused.member.states).toContain('paused_in_future')
    await agrees(memberId, id, `/subscriptions/${id}/resume`, {})
    await agrees(memberId, id, `/subscriptions/${id}/manual-payment`, { amount: 1200, method: 'cash' })
    await agrees(memberId, id, '/subscriptions/schedule-price-change', {
      subscription_id: id,
      price_id: otherPriceId,
      date: null,
    })
    const cancelled = await agrees(memberId, id, `/subscriptions/${id}/cancel`, {
      reasons: ['Cost'],
      immediately: false,
    })
    expect(cancelled.member.states).toContain('cancellation_undoable')
    await agrees(memberId, id, `/subscriptions/${id}/undo-cancellation`, {})
    await agrees(memberId, id, `/subscriptions/${id}/cancel`, { reasons: [], immediately: true })
  })

  it('start early', async () => {
    const { memberId, id } = await member('2026-03-13')
    const started = await agrees(memberId, id, `/subscriptions/${id}/start-early`, {})
    expect(started.upcoming_state).toBeNull()
  })
})
