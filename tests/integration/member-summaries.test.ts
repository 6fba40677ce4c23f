import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { memberSummaries, subscriptions, users, visits } from '~/db/schema'
import { createTestMember, createTestMembership, createTestPrice } from '../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../factories/organisation-factory'
import { describeEachDatabase } from './support/database'

/**
 * `member_summaries` (ADR 026) is written by triggers only. After each kind of write the members list
 * depends on — a member joining or changing, a membership created, changed, replaced or deleted, a
 * visit recorded or removed, members inserted in bulk — every summary row must equal what the source
 * rows say, worked out here the slow way (each member's latest membership by a lateral lookup, their
 * last successful visit by max()), nobody but members may have one, and `member_counts` must hold the
 * number of summaries per organisation, gym and offering.
 */
describeEachDatabase('member summaries', (database) => {
  let org: TestOrganisation
  let priceId: number
  let otherPriceId: number

  const expected = async () =>
    (
      await database.db.execute<Record<string, unknown>>(sql`
        select u.id as user_id, u.organisation_id, u.name,
          lower(u.name) || chr(1) || lower(u.email) || chr(1) || coalesce(u.mobile_number, '') as search_text,
          u.tags, u.created_at as joined_at, coalesce(l.gym_id, u.home_gym_id) as gym_id,
          l.id as subscription_id, l.price_id, p.offering_id, l.start_date, l.current_period_start,
          l.current_period_end, l.cancelled_at, l.undo_cancellation_until, l.grace_period_ends_at,
          l.pause_start_at, l.pause_end_at, l.upcoming_state, coalesce(l.balance_owing, 0) as balance_owing,
          l.force_price_amount,
          (select max(v.visited_at) from visits v where v.user_id = u.id and v.successful) as last_visit_at
        from users u
        left join lateral (select * from subscriptions s where s.user_id = u.id and not s.is_staging
          order by s.created_at desc, s.id desc limit 1) l on true
        left join prices p on p.id = l.price_id
        where not u.is_staff and u.deleted_at is null
        order by u.id`)
    ).rows
  const actual = async () =>
    (
      await database.db.execute<Record<string, unknown>>(sql`
        select user_id, organisation_id, name, search_text, tags, joined_at, gym_id, subscription_id, price_id,
          offering_id, start_date, current_period_start, current_period_end, cancelled_at,
          undo_cancellation_until, grace_period_ends_at, pause_start_at, pause_end_at, upcoming_state,
          balance_owing, force_price_amount, last_visit_at
        from member_summaries order by user_id`)
    ).rows
  const counts = async (from: 'member_counts' | 'member_summaries') =>
    (
      await database.db.execute<Record<string, unknown>>(
        from === 'member_counts'
          ? sql`select organisation_id, gym_id, offering_id, members from member_counts
              where members <> 0 order by 1, 2, 3`
          : sql`select organisation_id, coalesce(gym_id, 0) as gym_id, coalesce(offering_id, 0) as offering_id,
              count(*)::int as members from member_summaries group by 1, 2, 3 order by 1, 2, 3`,
      )
    ).rows
  const expectInStep = async () => {
    const want = await expected()
    expect(want.length).toBeGreaterThan(0)
    expect(await actual()).toEqual(want)
    expect(await counts('member_counts')).toEqual(await counts('member_summaries'))
  }
  const summaryOf = async (userId: number) =>
    (await database.db.select().from(memberSummaries).where(eq(memberSummaries.userId, userId)))[0]

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, gymNames: ['Newmarket', 'Ponsonby'] })
    const gymIds = org.gyms.map((gym) => gym.id)
    priceId = (await createTestPrice({ db: database.db, organisationId: org.organisation.id, gymIds })).price
      .id
    otherPriceId = (
      await createTestPrice({ db: database.db, organisationId: org.organisation.id, gymIds, amount: 4000 })
    ).price.id
  })

  it('gives every member a row when they join, and a membership’s columns when it starts', async () => {
    const { db } = database
    const gymId = org.gyms[0]?.id ?? 0
    const plain = await createTestMember({ db, organisationId: org.organisation.id, gymId })
    const { member } = await createTestMembership({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[1]?.id ?? 0,
      priceId,
    })
    await expectInStep()
    expect((await summaryOf(plain.id))?.subscriptionId).toBeNull()
    expect((await summaryOf(plain.id))?.gymId).toBe(gymId)
    expect((await summaryOf(member.id))?.gymId).toBe(org.gyms[1]?.id)
    expect((await summaryOf(member.id))?.priceId).toBe(priceId)
  })

  it('follows a membership paused, cancelled, owing, replaced by a newer one and deleted', async () => {
    const { db } = database
    const { member, subscription } = await createTestMembership({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]?.id ?? 0,
      priceId,
    })
    await db
      .update(subscriptions)
      .set({ pauseStartAt: '2026-06-01', pauseEndAt: '2026-06-20', balanceOwing: 2500 })
      .where(eq(subscriptions.id, subscription.id))
    await expectInStep()
    expect((await summaryOf(member.id))?.balanceOwing).toBe(2500)

    const [newer] = await db
      .insert(subscriptions)
      .values({
        organisationId: org.organisation.id,
        userId: member.id,
        gymId: org.gyms[1]?.id ?? 0,
        priceId: otherPriceId,
        startDate: '2026-07-01',
        createdAt: new Date(subscription.createdAt.getTime() + 60_000),
      })
      .returning()
    await expectInStep()
    expect((await summaryOf(member.id))?.subscriptionId).toBe(newer?.id)

    // One being assembled at sign-up is never the latest.
    await db.insert(subscriptions).values({
      organisationId: org.organisation.id,
      userId: member.id,
      gymId: org.gyms[0]?.id ?? 0,
      priceId,
      startDate: '2026-08-01',
      isStaging: true,
      createdAt: new Date(subscription.createdAt.getTime() + 120_000),
    })
    await expectInStep()
    expect((await summaryOf(member.id))?.subscriptionId).toBe(newer?.id)

    await db.delete(subscriptions).where(eq(subscriptions.id, newer?.id ?? 0))
    await expectInStep()
    expect((await summaryOf(member.id))?.subscriptionId).toBe(subscription.id)

    await db
      .update(subscriptions)
      .set({ cancelledAt: new Date('2026-05-20T01:00:00Z'), gracePeriodEndsAt: '2026-05-27' })
      .where(eq(subscriptions.id, subscription.id))
    await expectInStep()
  })

  it('moves the last visit with successful visits only, and back when one is removed', async () => {
    const { db } = database
    const gymId = org.gyms[0]?.id ?? 0
    const member = await createTestMember({ db, organisationId: org.organisation.id, gymId })
    const visit = (at: string, successful = true) => ({
      organisationId: org.organisation.id,
      gymId,
      userId: member.id,
      visitedAt: new Date(at),
      successful,
    })
    await db.insert(visits).values([visit('2026-05-01T20:00:00Z'), visit('2026-05-03T20:00:00Z')])
    await db.insert(visits).values(visit('2026-05-10T20:00:00Z', false))
    await expectInStep()
    expect((await summaryOf(member.id))?.lastVisitAt?.toISOString()).toBe('2026-05-03T20:00:00.000Z')

    // An older visit recorded late does not move it back.
    await db.insert(visits).values(visit('2026-04-01T20:00:00Z'))
    expect((await summaryOf(member.id))?.lastVisitAt?.toISOString()).toBe('2026-05-03T20:00:00.000Z')

    await db.delete(visits).where(eq(visits.visitedAt, new Date('2026-05-03T20:00:00Z')))
    await expectInStep()
    expect((await summaryOf(member.id))?.lastVisitAt?.toISOString()).toBe('2026-05-01T20:00:00.000Z')
  })

  it('follows the member’s own changes, and drops staff and deleted members', async () => {
    const { db } = database
    const gymId = org.gyms[0]?.id ?? 0
    const member = await createTestMember({ db, organisationId: org.organisation.id, gymId })
    await db
      .update(users)
      .set({ name: 'Mere Te Rangi', email: 'Mere@Example.NZ', mobileNumber: '021 555 0101', tags: ['VIP'] })
      .where(eq(users.id, member.id))
    await expectInStep()
    expect((await summaryOf(member.id))?.searchText).toBe(
      'mere te rangi\u0001mere@example.nz\u0001021 555 0101',
    )

    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, member.id))
    await expectInStep()
    expect(await summaryOf(member.id)).toBeUndefined()

    await db.update(users).set({ deletedAt: null }).where(eq(users.id, member.id))
    expect(await summaryOf(member.id)).toBeDefined()
    await db.update(users).set({ isStaff: true }).where(eq(users.id, member.id))
    expect(await summaryOf(member.id)).toBeUndefined()
    await expectInStep()
  })

  it('gives members inserted in bulk a row each, in one statement', async () => {
    const { db } = database
    await db.execute(sql`
      insert into users (organisation_id, name, email, home_gym_id, created_at, updated_at)
      select ${org.organisation.id}, 'Bulk ' || n, 'bulk' || n || '@example.nz', ${org.gyms[0]?.id ?? 0}, now(), now()
      from generate_series(1, 50) as n`)
    await expectInStep()
    const [row] = (
      await db.execute<{ total: number }>(
        sql`select count(*)::int as total from member_summaries where name like 'Bulk %'`,
      )
    ).rows
    expect(row?.total).toBe(50)
  })
})
