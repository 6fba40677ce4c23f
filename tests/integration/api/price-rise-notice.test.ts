import { and, eq, gt } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { priceChangesPreviewSchema } from '~/contracts/members'
import { organisationSchema } from '~/contracts/organisation'
import { mailOutbox, subscriptions } from '~/db/schema'
import { createSubscribedTestMember } from '../../factories/member-factory'
import { readData, readErrors } from '../support/answers'
import { describeEachDatabase } from '../support/database'
import { organisationSuite } from '../support/suite'

const at = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * Notice before a price rise (issue 25, point 5): the organisation's notice period (30 days unless it
 * says otherwise); a single or bulk change that would raise a member's price sooner is refused in
 * words, a cut or the same price is allowed any day, and the bulk preview says who is affected how.
 */
describeEachDatabase('notice before a price rise', (database) => {
  const day = '2026-11-28'
  const clock = at(day)
  const suite = organisationSuite(database, {
    now: () => clock,
    organisation: { name: 'Notice Fitness' },
    weeklyPrices: { now: 2500, dearer: 2900, cheaper: 1900 },
  })

  async function membership() {
    const { member, subscription } = await createSubscribedTestMember({
      db: database.db,
      organisation: suite.org,
      priceId: suite.priceId('now'),
      startDate: '2026-11-23',
      now: at('2026-11-01'),
    })
    return { member, subscription }
  }
  const versionOf = async (id: number) =>
    (await database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.version

  it('is a setting of 30 days by default, changed by an organisation admin within 0 to 365', async () => {
    const path = `/organisations/${suite.org.organisation.id}`
    const shown = await readData(await suite.owner.get(path), organisationSchema)
    expect(shown.price_rise_notice_days).toBe(30)
    const tooLong = await suite.owner.request('PUT', `${path}/price-rise-notice`, {
      body: { price_rise_notice_days: 400 },
    })
    expect(await readErrors(tooLong)).toEqual({
      price_rise_notice_days: ['The maximum value allowed is 365'],
    })
    const saved = await readData(
      await suite.owner.request('PUT', `${path}/price-rise-notice`, { body: { price_rise_notice_days: 45 } }),
      organisationSchema,
    )
    expect(saved.price_rise_notice_days).toBe(45)
    await suite.owner.request('PUT', `${path}/price-rise-notice`, { body: { price_rise_notice_days: 30 } })
  })

  it('refuses a single rise with too little notice in words, and allows a cut the next day', async () => {
    const { subscription } = await membership()
    const rise = {
      subscription_id: subscription.id,
      price_id: suite.priceId('dearer'),
      date: '2026-12-10',
    }
    const words = "Price rises need 30 days' notice: the earliest day is 28 Dec 2026"
    // The e-mail preview refuses it as scheduling does.
    expect(
      await readErrors(await suite.owner.post('/subscriptions/change-price-email-preview', rise)),
    ).toEqual({
      date: [words],
    })
    const refused = await suite.owner.post('/subscriptions/schedule-price-change', {
      ...rise,
      version: await versionOf(subscription.id),
    })
    expect(await readErrors(refused)).toEqual({ date: [words] })
    // Nothing was scheduled and no one was e-mailed.
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(row?.transitionToPriceId).toBeNull()

    // From the earliest day on, the rise goes ahead.
    const onTime = await suite.owner.post('/subscriptions/schedule-price-change', {
      ...rise,
      date: '2026-12-28',
      version: await versionOf(subscription.id),
    })
    expect(onTime.status).toBe(200)

    const { subscription: second } = await membership()
    const cut = await suite.owner.post('/subscriptions/schedule-price-change', {
      subscription_id: second.id,
      price_id: suite.priceId('cheaper'),
      date: '2026-11-29',
      version: await versionOf(second.id),
    })
    expect(cut.status).toBe(200)
  })

  it('previews a bulk change member by member, refuses the batch while a rise is too soon, then schedules without it', async () => {
    const first = await membership()
    const second = await membership()
    // The second already pays a forced $32.00: moving to $29.00 is a cut for them.
    await database.db
      .update(subscriptions)
      .set({ forcePriceAmount: 3200 })
      .where(eq(subscriptions.id, second.subscription.id))
    const body = async () => ({
      price_id: suite.priceId('dearer'),
      date: '2026-12-05',
      subscriptions: [
        { id: first.subscription.id, version: await versionOf(first.subscription.id) },
        { id: second.subscription.id, version: await versionOf(second.subscription.id) },
      ],
    })
    const preview = await readData(
      await suite.owner.post('/subscriptions/price-changes-preview', await body()),
      priceChangesPreviewSchema,
    )
    expect(preview.changes).toEqual([
      {
        subscription_id: first.subscription.id,
        member: { id: first.member.id, name: first.member.name },
        from_amount: 2500,
        to_amount: 2900,
        kind: 'rise',
        // Booked for Saturday 5 Dec: first charged on the weekly renewal on or after it, Monday 7 Dec.
        takes_effect_on: '2026-12-07',
        refused: "Price rises need 30 days' notice: the earliest day is 28 Dec 2026",
      },
      {
        subscription_id: second.subscription.id,
        member: { id: second.member.id, name: second.member.name },
        from_amount: 3200,
        to_amount: 2900,
        kind: 'cut',
        takes_effect_on: '2026-12-07',
        refused: null,
      },
    ])

    const lastMail = (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce(
      (max, row) => Math.max(max, row.id),
      0,
    )
    const refused = await suite.owner.post('/subscriptions/schedule-price-changes', await body())
    expect((await readErrors(refused)).date).toEqual([
      `Price rises need 30 days' notice: the earliest day is 28 Dec 2026 (${first.member.name}). Choose a later day or leave them out.`,
    ])
    expect(
      await database.db
        .select()
        .from(mailOutbox)
        .where(and(gt(mailOutbox.id, lastMail), eq(mailOutbox.organisationId, suite.org.organisation.id))),
    ).toEqual([])

    // Left out, the cut goes ahead alone, and its member is e-mailed.
    const alone = await suite.owner.post('/subscriptions/schedule-price-changes', {
      ...(await body()),
      subscriptions: [{ id: second.subscription.id, version: await versionOf(second.subscription.id) }],
    })
    expect(alone.status).toBe(200)
    const [notice] = await database.db
      .select()
      .from(mailOutbox)
      .where(and(gt(mailOutbox.id, lastMail), eq(mailOutbox.memberId, second.member.id)))
    expect(notice?.text).toContain('will cost $29.00 weekly instead of $32.00 weekly (a cut of $3.00)')
  })
})
