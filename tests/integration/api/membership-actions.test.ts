import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { memberDetailSchema, memberStandingSchema } from '~/contracts/members'
import { membershipChangeSchema, subscriptionSchema } from '~/contracts/subscriptions'
import { subscriptions } from '~/db/schema'
import { toSubscriptionResource } from '~/server/api/resources/subscription'
import { createTestMembership } from '../../factories/member-factory'
import { readData } from '../support/answers'
import { describeEachDatabase } from '../support/database'
import { organisationSuite } from '../support/suite'

const at = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * Each staff action on a membership answers the membership as it now stands: the subscription as
 * stored, and `member`, exactly what the member's page would read again — so the page sets its data
 * from the answer instead of reloading the member.
 */
describeEachDatabase('membership actions answer what the page shows', (database) => {
  const day = '2026-03-09'
  const clock = at(day)
  const suite = organisationSuite(database, {
    now: () => clock,
    organisation: { name: 'Answer Gym', gymNames: ['Ponsonby'] },
    weeklyPrices: { weekly: 2500, other: 2000 },
  })

  async function member(startDate: string) {
    const { member: person, subscription } = await createTestMembership({
      db: database.db,
      organisationId: suite.org.organisation.id,
      gymId: suite.org.gyms[0]!.id,
      priceId: suite.priceId('weekly'),
      startDate,
      now: at('2026-03-01'),
    })
    return { memberId: person.id, id: subscription.id }
  }

  /** Posts `path` and holds its answer to the stored row and to the member's page read afresh. */
  async function agrees(memberId: number, id: number, path: string, body: Record<string, unknown>) {
    const [before] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    const answer = await readData(
      await suite.owner.post(path, { version: before!.version, ...body }),
      membershipChangeSchema,
    )
    const [stored] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    expect(subscriptionSchema.parse(answer)).toEqual(toSubscriptionResource(stored!))
    const page = await readData(await suite.owner.get(`/members/${memberId}`), memberDetailSchema)
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
      price_id: suite.priceId('other'),
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
