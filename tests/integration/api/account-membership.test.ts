import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import {
  cancelOffMessage,
  pauseOffMessage,
  previewSchema,
  selfServiceSchema,
  staleMessage,
} from '~/contracts/account-membership'
import { statsSchema } from '~/contracts/dashboard'
import { memberHistoryEntrySchema } from '~/contracts/members'
import { organisationSchema } from '~/contracts/organisation'
import { auditLog, mailOutbox, organisations, subscriptions } from '~/db/schema'
import { formatCents } from '~/lib/money'
import { addDays, calendarDateAt } from '~/server/billing/calendar'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { createTestPriceFor } from '../../factories/member-factory'
import { readData, readErrors, readMessage, readPage } from '../support/answers'
import { paymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { joinAsMember } from '../support/join'
import { organisationSuite } from '../support/suite'

// Monday 9 March 2026, midday in Auckland.
const clock = new Date('2026-03-08T23:00:00Z')

/**
 * Issue 28, points 6 and 8: a member pauses, ends a pause, cancels and undoes by themselves, on the
 * organisation's word and by the staff's rules; each change is the staff service's (the e-mail, the
 * history line, marked as the member's), and the dashboard counts them.
 */
describeEachDatabase('the member’s own membership: pause and cancel', (database) => {
  const suite = organisationSuite(database, {
    now: () => clock,
    organisation: { name: 'Self Gym', gymNames: ['Ponsonby'] },
    weeklyPrices: { weekly: 2500 },
  })
  let members = 0

  async function memberWith(options: { priceId?: number; startDate?: string } = {}) {
    members += 1
    const email = `self-${members}-${process.pid}@members.test`
    const { browser, me } = await joinAsMember(suite.api, {
      gymUuid: suite.org.gyms[0]!.uuid,
      name: `Mere Self ${members}`,
      email,
      ip: `198.51.100.${members + 10}`,
    })
    const subscription = await createMembership({
      db: database.db,
      now: clock,
      organisationId: suite.org.organisation.id,
      userId: me.id,
      priceId: options.priceId ?? suite.priceId('weekly'),
      startDate: options.startDate ?? '2026-03-02',
    })
    return { browser, me, email, subscriptionId: subscription.id }
  }
  type Member = Awaited<ReturnType<typeof memberWith>>

  const state = async (member: Member) =>
    readData(await member.browser.get('/me/membership/self-service'), selfServiceSchema)
  const version = async (member: Member) => (await state(member)).membership!.version

  async function setSwitches(pause: boolean, cancel: boolean) {
    await database.db
      .update(organisations)
      .set({ membersMayPauseOnline: pause, membersMayCancelOnline: cancel })
      .where(eq(organisations.id, suite.org.organisation.id))
  }

  it('says what the member may do and on what terms', async () => {
    const member = await memberWith()
    const answer = await state(member)
    expect(answer.membership?.name).toBe(`${answer.membership?.name.split(' at ')[0]} at Ponsonby`)
    expect(answer.pause).toMatchObject({ allowed: true, reason: null, min_days: 1, max_days: 180 })
    expect(answer.pause.rules.join(' ')).toContain('not charged for the paused days')
    expect(answer.cancel.allowed).toBe(true)
    expect(answer.cancel.effect).toMatch(/^You keep door access until/)
    expect(answer.cancel.reasons).toContain('Moving away')
    expect(answer.undo_cancellation.allowed).toBe(false)
  })

  it('the organisation’s switches: saved in its settings; off, the actions are refused in plain words', async () => {
    const member = await memberWith()
    const saved = await readData(
      await suite.owner.request('PUT', `/organisations/${suite.org.organisation.id}/self-service`, {
        body: { members_may_pause_online: false, members_may_cancel_online: false },
      }),
      organisationSchema,
    )
    expect(saved.self_service).toEqual({ members_may_pause_online: false, members_may_cancel_online: false })
    try {
      const answer = await state(member)
      expect(answer.pause).toMatchObject({ allowed: false, reason: pauseOffMessage })
      expect(answer.cancel).toMatchObject({ allowed: false, reason: cancelOffMessage })
      const v = answer.membership!.version
      const paused = await member.browser.post('/me/membership/pause', {
        version: v,
        start_date: '2026-03-16',
        end_date: '2026-03-22',
      })
      expect(paused.status).toBe(403)
      expect(await readMessage(paused)).toBe(pauseOffMessage)
      const cancelled = await member.browser.post('/me/membership/cancel', { version: v })
      expect(cancelled.status).toBe(403)
      expect(await readMessage(cancelled)).toBe(cancelOffMessage)
      expect(await version(member)).toBe(v)
    } finally {
      await setSwitches(true, true)
    }
  })

  it('pause: the limits, the preview, once only, the e-mail and the history line; then ended', async () => {
    const member = await memberWith()
    const v = await version(member)
    const past = await member.browser.post('/me/membership/pause', {
      version: v,
      start_date: '2026-03-01',
      end_date: '2026-03-10',
    })
    expect(await readErrors(past)).toHaveProperty('start_date')
    const long = await member.browser.post('/me/membership/pause', {
      version: v,
      start_date: '2026-03-16',
      end_date: '2026-09-30',
    })
    expect((await readErrors(long)).end_date).toEqual(['A pause can last at most 180 days.'])
    const backwards = await member.browser.get(
      '/me/membership/preview?action=pause&start_date=2026-03-20&end_date=2026-03-16',
    )
    expect(backwards.status).toBe(422)

    const preview = await readData(
      await member.browser.get(
        '/me/membership/preview?action=pause&start_date=2026-03-16&end_date=2026-03-29',
      ),
      previewSchema,
    )
    expect(preview.effect).toMatch(
      /^You are not charged and the door stays shut for you from 16 Mar 2026 to 29 Mar 2026 \(14 days\)\. Your billing dates after the pause move 14 days later/,
    )
    expect(preview.access).toContain('opens again on 30 Mar 2026')

    const body = { version: v, start_date: '2026-03-16', end_date: '2026-03-29' }
    const [first, second] = await Promise.all([
      member.browser.post('/me/membership/pause', body),
      member.browser.post('/me/membership/pause', body),
    ])
    const statuses = [first.status, second.status].sort()
    expect(statuses).toEqual([200, 409])
    const refused = first.status === 409 ? first : second
    expect(await readMessage(refused)).toBe(staleMessage)
    const paused = await readData(first.status === 200 ? first : second, selfServiceSchema)
    expect(paused.membership?.pause).toEqual({
      start_date: '2026-03-16',
      end_date: '2026-03-29',
      started: false,
    })
    expect(paused.pause).toMatchObject({ allowed: false })
    expect(paused.end_pause.allowed).toBe(true)

    const pauses = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, member.me.id), eq(auditLog.action, 'membership.paused')))
    expect(pauses).toHaveLength(1)
    expect(pauses[0]!.actorUserId).toBe(member.me.id)
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.memberId, member.me.id), eq(mailOutbox.subject, 'Your membership is paused')))
    expect(mails).toHaveLength(1)

    const history = await readPage(
      await suite.owner.get(`/members/${member.me.id}/history`),
      memberHistoryEntrySchema,
    )
    const line = history.data.find((entry) => entry.action === 'membership.paused')
    expect(line).toMatchObject({
      description: 'Paused from 16 Mar 2026 to 29 Mar 2026',
      self_service: true,
      actor: { id: member.me.id },
    })

    const again = await member.browser.post('/me/membership/pause', {
      ...body,
      version: paused.membership!.version,
    })
    expect(again.status).toBe(409)
    expect(await readMessage(again)).toContain('already has a pause')

    const ended = await readData(
      await member.browser.post('/me/membership/end-pause', { version: paused.membership!.version }),
      selfServiceSchema,
    )
    expect(ended.membership?.pause).toBeNull()
    expect(ended.pause.allowed).toBe(true)
  })

  it('cancel without a reason, undo, cancel with one; a stale version is a 409', async () => {
    const member = await memberWith()
    const before = await state(member)
    const preview = await readData(
      await member.browser.get('/me/membership/preview?action=cancel'),
      previewSchema,
    )
    expect(preview.effect).toBe(before.cancel.effect)
    expect(preview.access).toMatch(/^Your access ends on /)

    const cancelled = await readData(
      await member.browser.post('/me/membership/cancel', { version: before.membership!.version }),
      selfServiceSchema,
    )
    expect(cancelled.membership?.cancellation?.ends_on).toBe(before.cancel.ends_on)
    expect(cancelled.undo_cancellation.allowed).toBe(true)
    expect(cancelled.cancel).toMatchObject({
      allowed: false,
      reason: 'Your membership is already cancelled.',
    })
    const [row] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, member.subscriptionId))
    expect(row?.cancellationReasons).toEqual([])
    expect(row?.cancelledAt).not.toBeNull()

    const stale = await member.browser.post('/me/membership/undo-cancellation', {
      version: before.membership!.version,
    })
    expect(stale.status).toBe(409)
    expect(await readMessage(stale)).toBe(staleMessage)

    const undone = await readData(
      await member.browser.post('/me/membership/undo-cancellation', {
        version: cancelled.membership!.version,
      }),
      selfServiceSchema,
    )
    expect(undone.membership?.cancellation).toBeNull()
    expect(undone.cancel.allowed).toBe(true)

    const bad = await member.browser.post('/me/membership/cancel', {
      version: undone.membership!.version,
      reason: 'Because',
    })
    expect(bad.status).toBe(422)
    await readData(
      await member.browser.post('/me/membership/cancel', {
        version: undone.membership!.version,
        reason: 'Cost',
        comments: 'Moving to Wellington',
      }),
      selfServiceSchema,
    )
    const [after] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, member.subscriptionId))
    expect(after?.cancellationReasons).toEqual(['Cost'])
    expect(after?.cancellationComments).toBe('Moving to Wellington')

    const subjects = (
      await database.db.select().from(mailOutbox).where(eq(mailOutbox.memberId, member.me.id))
    ).map((mail) => mail.subject)
    expect(subjects.filter((subject) => subject === 'Your membership is cancelled')).toHaveLength(2)
    expect(subjects).toContain('Your cancellation is undone')

    const stats = await readData(await suite.owner.get('/stats'), statsSchema)
    expect(stats.self_service.since).toBe('2026-03-01')
    expect(stats.self_service.cancellations).toBeGreaterThanOrEqual(2)
  })

  it('a term membership inside its term: cancelling ends with the term, its remaining charges said', async () => {
    const { price } = await createTestPriceFor({
      db: database.db,
      organisation: suite.org,
      billingFrequency: 'weekly',
      amount: 2000,
      termAmount: 3,
      termUnit: 'month',
      now: new Date('2026-01-01T00:00:00Z'),
    })
    const member = await memberWith({ priceId: price.id, startDate: '2026-02-02' })
    const answer = await state(member)
    const term = answer.membership?.term
    expect(term).toMatchObject({ term_ends_at: '2026-05-02', in_cooling_off: false })
    expect(term!.remaining_charges).toBeGreaterThan(0)
    expect(term!.remaining_cost).toBe(term!.remaining_charges * 2000)
    expect(answer.cancel.effect).toContain(formatCents(term!.remaining_cost))
    expect(answer.cancel.ends_on).toBe(term!.ends_on)
    expect(answer.cancel.effect).toContain('You are committed to your term until 2 May 2026')
    await readData(
      await member.browser.post('/me/membership/cancel', { version: answer.membership!.version }),
      selfServiceSchema,
    )
    const [row] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, member.subscriptionId))
    expect(row?.undoCancellationUntil?.getTime()).toBe(new Date(`${term!.ends_on}T00:00:00+12:00`).getTime())

    // What it said leaving would cost is what the engine then charges, day by day to the end.
    const today = calendarDateAt(clock)
    const days: string[] = []
    for (let day = today; day <= addDays(term!.ends_on, 7); day = addDays(day, 1)) days.push(day)
    await runEngineOn({ db: database.db, days })
    const charged = (await paymentsOf(database.db, member.subscriptionId)).filter(
      (payment) =>
        !payment.isRetry &&
        payment.status !== 'cancelled' &&
        payment.dueOn >= today &&
        payment.dueOn < term!.ends_on,
    )
    expect(charged).toHaveLength(term!.remaining_charges)
    expect(
      charged.reduce((sum, payment) => sum + payment.amount + payment.surcharge - payment.creditUsed, 0),
    ).toBe(term!.remaining_cost)
    const after = (await paymentsOf(database.db, member.subscriptionId)).filter(
      (payment) => !payment.isRetry && payment.status !== 'cancelled' && payment.dueOn >= term!.ends_on,
    )
    expect(after).toEqual([])
  })

  it('a member reaches only their own membership; staff are refused', async () => {
    const owner = await memberWith()
    const other = await memberWith()
    const ownerVersion = await version(owner)
    // The other member's press acts on their own membership, never the first's.
    await readData(
      await other.browser.post('/me/membership/cancel', { version: await version(other) }),
      selfServiceSchema,
    )
    expect(await version(owner)).toBe(ownerVersion)
    const [untouched] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, owner.subscriptionId))
    expect(untouched?.cancelledAt).toBeNull()

    // A member with no membership: nothing to reach.
    members += 1
    const { browser } = await joinAsMember(suite.api, {
      gymUuid: suite.org.gyms[0]!.uuid,
      name: 'No Membership',
      email: `self-none-${process.pid}@members.test`,
      ip: '198.51.100.200',
    })
    expect((await browser.get('/me/membership/self-service')).status).toBe(404)

    const staff = await suite.owner.get('/me/membership/self-service')
    expect(staff.status).toBe(403)
    expect((await suite.owner.post('/me/membership/cancel', { version: 1 })).status).toBe(403)
  })
})
