import { and, eq, inArray, like } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { payByLinkAnswerSchema, paymentLinkSchema } from '~/contracts/pay'
import { retryAnswerSchema, waiveReasonMessage } from '~/contracts/payments'
import {
  auditLog,
  dunningNotices,
  mailOutbox,
  organisations,
  paymentLinks,
  payments,
  sandboxCharges,
  subscriptions,
  users,
} from '~/db/schema'
import { z } from '~/lib/validation'
import { inFlightMessage, waivedMessage } from '~/server/billing/engine/owed-periods.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { expiredLinkMessage, usedLinkMessage } from '~/server/services/payment-links/pay-by-link.server'
import { switchPaymentMethod } from '~/server/services/payment-methods/switch-payment-method.server'
import {
  addSandboxPaymentMethod,
  createSubscribedTestMember,
  createTestPriceFor,
} from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { atDay as at, failedPaymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

/** Noon in Auckland on a day. */
const messageAnswer = z.object({ message: z.string() })

/**
 * Failed payments that get fixed (issue 16): retry now through the engine's claim, waive with a
 * reason, the payment link (single use, expiring) paying with a saved or new card, hard declines that
 * wait for a new method, and the dunning e-mails. Failures are made by the engine itself, charging
 * the sandbox's declining cards.
 */
describeEachDatabase('failed payments', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  let priceId: number
  const day = '2026-03-09'
  const clock = at(day)
  const testApi = createTestApi(database, { now: () => clock })
  const signIn = staffSignIn({ database, api: testApi, now: clock, organisation: () => org })
  let owner: TestBrowser

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      name: 'Dunning Gym',
      gymNames: ['Kingsland', 'Eden'],
      now: at('2026-01-01'),
    })
    other = await createTestOrganisation({ db: database.db, name: 'Other Gym', now: at('2026-01-01') })
    // Weekly, $25.00, at both gyms.
    priceId = (await createTestPriceFor({ db: database.db, organisation: org, now: at('2026-01-01') })).price
      .id
    owner = await signIn({ admin: true })
  })

  /** The card ending `card`, saved at Kingsland, becomes the member's default. */
  const addCard = async (userId: number, card: string, now: Date) =>
    addSandboxPaymentMethod({
      db: database.db,
      now,
      organisation: org,
      userId,
      pays: { card, makeDefault: true },
    })

  /** A weekly member whose card declines with `card`: the engine's first charge on `day` fails. */
  async function declinedMember(card: string, gymIndex = 0) {
    const db = database.db
    const { member, subscription } = await createSubscribedTestMember({
      db,
      organisation: org,
      priceId,
      startDate: '2026-03-02',
      gymIndex,
      pays: [{ card, makeDefault: true, atGym: 0 }],
    })
    await runEngineOn({ db, days: ['2026-03-02', day] })
    const [failed] = await failedPaymentsOf(db, subscription.id)
    if (!failed) throw new Error('The charge did not fail')
    return { member, subscription, failed }
  }

  /** The "You changed how you pay" confirmations sent to the member, listed in their history. */
  const changeMails = (member: { id: number; email: string }) =>
    database.db
      .select({ memberId: mailOutbox.memberId, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, member.email), like(mailOutbox.subject, 'You changed how you pay%')))

  const subscriptionOf = async (id: number) => {
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    return row!
  }
  const periodRows = (failed: { subscriptionId: number; periodStartAt: string | null }) =>
    database.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.subscriptionId, failed.subscriptionId),
          eq(payments.periodStartAt, failed.periodStartAt ?? ''),
        ),
      )
      .orderBy(payments.id)
  const chargesOf = async (paymentIds: number[]) =>
    database.db
      .select()
      .from(sandboxCharges)
      .where(
        inArray(
          sandboxCharges.idempotencyKey,
          paymentIds.flatMap((id) => [1, 2, 3, 4].map((n) => `gymbase-payment-${id}-attempt-${n}`)),
        ),
      )

  it('retry now charges through the engine: fails again in words, then pays with a new card and ends grace', async () => {
    const { member, subscription, failed } = await declinedMember('9995')
    expect((await subscriptionOf(subscription.id)).gracePeriodEndsAt).not.toBeNull()

    const again = await readData(await owner.post(`/payments/${failed.id}/retry`), retryAnswerSchema)
    expect(again).toMatchObject({ status: 'failed', failure_reason: 'Insufficient funds', amount: 2500 })

    await addCard(member.id, '4242', clock)
    await switchPaymentMethod({
      db: database.db,
      now: clock,
      organisationId: org.organisation.id,
      userId: member.id,
      paymentMethodId: (await database.db.select().from(users).where(eq(users.id, member.id)))[0]!
        .defaultPaymentMethodId!,
    })
    const paid = await owner.post(`/payments/${failed.id}/retry`)
    expect(paid.status).toBe(200)
    const answer = await readData(paid.clone(), retryAnswerSchema)
    expect(answer.status).toBe('sent')
    const after = await subscriptionOf(subscription.id)
    expect(after).toMatchObject({ balanceOwing: 0, periodsOwing: 0, gracePeriodEndsAt: null })
    // One charge per retry, each with its own key; nothing charged twice.
    const rows = await periodRows(failed)
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(1)
    const charges = await chargesOf(rows.map((row) => row.id))
    expect(new Set(charges.map((charge) => charge.idempotencyKey)).size).toBe(charges.length)
    // Paid: a third press is refused in words.
    expect(await readMessage(await owner.post(`/payments/${failed.id}/retry`), 409)).toMatch(/has been paid/)
    const lines = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, member.id), eq(auditLog.action, 'payment.retried')))
    expect(lines).toHaveLength(2)
  })

  it('two people pressing retry at once make one charge; the other is told it is in flight', async () => {
    const { failed } = await declinedMember('9995')
    const second = await signIn({ admin: true })
    const before = (await chargesOf((await periodRows(failed)).map((row) => row.id))).length
    const answers = await Promise.all([
      owner.post(`/payments/${failed.id}/retry`),
      second.post(`/payments/${failed.id}/retry`),
    ])
    const statuses = answers.map((answer) => answer.status).sort()
    const after = (await chargesOf((await periodRows(failed)).map((row) => row.id))).length
    if (statuses[0] === 200 && statuses[1] === 200) {
      // Served one after the other (PGlite takes one transaction at a time): the second charge is a
      // new attempt of the next retry, never the same attempt twice.
      expect(after - before).toBe(2)
    } else {
      expect(statuses).toEqual([200, 409])
      expect(after - before).toBe(1)
      const refused = answers.find((answer) => answer.status === 409)!
      expect(await readMessage(refused, 409)).toBe(inFlightMessage)
    }
  })

  it('waives a failure with a reason: balance and grace follow, the retry is withdrawn, the reason is audited', async () => {
    const { member, subscription, failed } = await declinedMember('9995')
    expect(await readErrors(await owner.post(`/payments/${failed.id}/waive`, { reason: '   ' }))).toEqual({
      reason: [waiveReasonMessage],
    })
    const waived = await owner.post(`/payments/${failed.id}/waive`, { reason: 'Injured, agreed at the desk' })
    expect((await readData(waived.clone(), z.unknown()).catch(() => null)) ?? null).toBeNull()
    expect(waived.status).toBe(200)
    expect(messageAnswer.parse(await waived.json()).message).toBe(
      'Waived $25.00. The member no longer owes it.',
    )
    expect(await subscriptionOf(subscription.id)).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null })
    const rows = await periodRows(failed)
    expect(rows.map((row) => row.status)).toEqual(['waived', 'cancelled'])
    const [line] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, member.id), eq(auditLog.action, 'payment.waived')))
    expect(line?.changes).toMatchObject({ reason: 'Injured, agreed at the desk', amount: 2500 })
    expect(await readMessage(await owner.post(`/payments/${failed.id}/retry`), 409)).toBe(waivedMessage)
    const listed = await owner.get('/payments?status=waived&per_page=100')
    expect(JSON.stringify(await listed.json())).toContain(`"id":${failed.id}`)
  })

  it('a payment link pays with a new card once, ends grace, and is then used; expired links refuse', async () => {
    const { member, subscription, failed } = await declinedMember('0069')
    // A hard decline (expired card): no retry is scheduled, the period waits for a new method.
    expect((await periodRows(failed)).map((row) => row.status)).toEqual(['failed'])
    const sent = await owner.post(`/payments/${failed.id}/payment-link`)
    expect(sent.status).toBe(201)
    const mail = await testApi.latestMail(member.email)
    expect(mail?.subject).toBe('Your Dunning Gym payment didn’t go through')
    expect(mail?.text).toContain('Card expired')
    expect(mail?.text).toContain('can’t be charged again')
    const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1]
    expect(token).toBeDefined()

    const visitor = testApi.browser({ origin: joinOrigin })
    const link = await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)
    expect(link).toMatchObject({ state: 'usable', balance_owing: 2500, organisation_name: 'Dunning Gym' })
    expect(link.owed).toEqual([
      expect.objectContaining({
        payment_id: failed.id,
        amount: 2500,
        reason: 'Card expired',
        needs_new_method: true,
      }),
    ])
    expect(JSON.stringify(link)).not.toContain(member.email)

    // Paying with the expired card fails again and leaves the link working.
    const declined = await readData(
      await visitor.post(`/payment-links/${token}/pay`, {}),
      payByLinkAnswerSchema,
    )
    expect(declined.outcomes[0]).toMatchObject({ status: 'failed', failure_reason: 'Card expired' })

    // A new card through the join flow's card step (setup → provider confirm → save), made the default.
    const setup = await readData(
      await visitor.post(`/payment-links/${token}/card-setups`),
      z.object({ client_secret: z.string(), id: z.string() }),
    )
    const confirm = await visitor.post('/sandbox/card-setups/confirm', {
      client_secret: setup.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
    })
    expect(confirm.status).toBe(200)
    const methods = await readData(
      await visitor.post(`/payment-links/${token}/cards`, { setup_id: setup.id, make_default: false }),
      z.array(z.object({ id: z.number(), last_four: z.string().nullable(), is_default: z.boolean() })),
    )
    const card = methods.find((method) => method.last_four === '4242')!
    expect(card.is_default).toBe(false)
    // Unticked "use for future payments": nothing about how they pay changed, nothing to confirm.
    expect(await changeMails(member)).toEqual([])
    const paid = await readData(
      await visitor.post(`/payment-links/${token}/pay`, { payment_method_id: card.id, make_default: true }),
      payByLinkAnswerSchema,
    )
    expect(paid).toMatchObject({
      balance_owing: 0,
      outcomes: [expect.objectContaining({ status: 'sent', amount: 2500 })],
    })
    expect(await subscriptionOf(subscription.id)).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null })
    const [memberRow] = await database.db.select().from(users).where(eq(users.id, member.id))
    expect(memberRow?.defaultPaymentMethodId).toBe(card.id)
    // Ticked: the member agreed to the change, and is told in writing (issue 25, point 6).
    const confirmed = await changeMails(member)
    expect(confirmed).toHaveLength(1)
    expect(confirmed[0]).toMatchObject({ memberId: member.id })
    expect(confirmed[0]?.text).toContain('As you agreed, your')
    expect(confirmed[0]?.text).toContain('now paid from your Visa ending 4242')

    // Single use: the page says so and a second payment is refused.
    const used = await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)
    expect(used).toMatchObject({ state: 'used', owed: [], methods: [] })
    expect(await readMessage(await visitor.post(`/payment-links/${token}/pay`, {}), 409)).toBe(
      usedLinkMessage,
    )

    // Another link, past its expiry.
    const second = await declinedMember('9995')
    await owner.post(`/payments/${second.failed.id}/payment-link`)
    const secondToken = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(
      (await testApi.latestMail(second.member.email))?.text ?? '',
    )?.[1]
    await database.db
      .update(paymentLinks)
      .set({ expiresAt: at('2026-03-01') })
      .where(eq(paymentLinks.userId, second.member.id))
    expect(
      (await readData(await visitor.get(`/payment-links/${secondToken}`), paymentLinkSchema)).state,
    ).toBe('expired')
    expect(await readMessage(await visitor.post(`/payment-links/${secondToken}/pay`, {}), 409)).toBe(
      expiredLinkMessage,
    )
    expect(await readMessage(await visitor.post(`/payment-links/${secondToken}/card-setups`), 409)).toBe(
      expiredLinkMessage,
    )
    // A token nobody made, and one that is not even shaped like one.
    expect((await visitor.get(`/payment-links/${'x'.repeat(43)}`)).status).toBe(404)
    expect((await visitor.get('/payment-links/%00bad')).status).toBe(422)
  })

  it('a card saved on the link page as the default takes the waiting retry, and retry now then pays', async () => {
    const { member, subscription, failed } = await declinedMember('9995')
    await owner.post(`/payments/${failed.id}/payment-link`)
    const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(
      (await testApi.latestMail(member.email))?.text ?? '',
    )?.[1]
    const visitor = testApi.browser({ origin: joinOrigin })
    const setup = await readData(
      await visitor.post(`/payment-links/${token}/card-setups`),
      z.object({ client_secret: z.string(), id: z.string() }),
    )
    await visitor.post('/sandbox/card-setups/confirm', {
      client_secret: setup.client_secret,
      number: '5555 5555 5555 4444',
      expiry: '12 / 30',
      cvc: '123',
    })
    const methods = await readData(
      await visitor.post(`/payment-links/${token}/cards`, { setup_id: setup.id, make_default: true }),
      z.array(z.object({ id: z.number(), last_four: z.string().nullable(), is_default: z.boolean() })),
    )
    const card = methods.find((method) => method.last_four === '4444')!
    expect(card.is_default).toBe(true)
    // Saving it ticked is the member's agreement: the change is confirmed to them in writing.
    const confirmed = await changeMails(member)
    expect(confirmed).toHaveLength(1)
    expect(confirmed[0]?.text).toContain('now paid from your Mastercard ending 4444')
    // The period's waiting retry moved to the new card.
    const waiting = (await periodRows(failed)).filter((row) => row.status === 'upcoming')
    expect(waiting).toEqual([expect.objectContaining({ paymentMethodId: card.id })])
    // The member left without paying; the desk retries now and it goes through.
    const retried = await readData(await owner.post(`/payments/${failed.id}/retry`), retryAnswerSchema)
    expect(retried.status).toBe('sent')
    expect(await subscriptionOf(subscription.id)).toMatchObject({ balanceOwing: 0, gracePeriodEndsAt: null })
  })

  it('a new bank account from the link page (the bank’s consent, back to /pay-bank) pays, pending at the bank', async () => {
    const { member, failed } = await declinedMember('0069')
    await owner.post(`/payments/${failed.id}/payment-link`)
    const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(
      (await testApi.latestMail(member.email))?.text ?? '',
    )?.[1]
    const visitor = testApi.browser({ origin: joinOrigin })
    const { url } = await readData(
      await visitor.post(`/payment-links/${token}/bank-connections`),
      z.object({ url: z.string() }),
    )
    const consent = new URL(url, joinOrigin)
    expect(consent.searchParams.get('redirect_uri')).toMatch(/\/pay-bank$/)
    const granted = await readData(
      await visitor.post('/sandbox/bank-consents', {
        state: consent.searchParams.get('state'),
        redirect_uri: consent.searchParams.get('redirect_uri'),
        account_suffixes: ['91'],
      }),
      z.object({ redirect_to: z.string() }),
    )
    const back = new URL(granted.redirect_to)
    expect(back.pathname).toBe('/pay-bank')
    const methods = await readData(
      await visitor.post(`/payment-links/${token}/bank-accounts`, {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      }),
      z.array(z.object({ id: z.number(), type: z.string(), is_default: z.boolean() })),
    )
    const bank = methods.find((method) => method.type === 'bank_account')!
    expect(bank.is_default).toBe(false)
    // The code works once.
    const again = await visitor.post(`/payment-links/${token}/bank-accounts`, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    })
    expect(again.status).toBe(422)
    const paid = await readData(
      await visitor.post(`/payment-links/${token}/pay`, { payment_method_id: bank.id, make_default: true }),
      payByLinkAnswerSchema,
    )
    expect(paid.outcomes).toEqual([expect.objectContaining({ status: 'pending' })])
    // Accepted by the bank: the link is used; the period is settled when the bank says so.
    expect((await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)).state).toBe(
      'used',
    )
  })

  it('a payment link says, for the method chosen, what paying charges: the card surcharge only by card', async () => {
    const db = database.db
    const surchargeOf = (basisPoints: number) =>
      db
        .update(organisations)
        .set({ cardSurchargeBasisPoints: basisPoints })
        .where(eq(organisations.id, org.organisation.id))
    await surchargeOf(250)
    try {
      // Declined by card, so the failed payment carries the card surcharge ($25.00 + $0.63).
      const { member, failed } = await declinedMember('9995')
      expect(failed.surcharge).toBe(63)
      const bank = await addSandboxPaymentMethod({
        db,
        now: clock,
        organisation: org,
        userId: member.id,
        pays: { bankAccount: '12-3140-0171323-00' },
      })
      expect((await owner.post(`/payments/${failed.id}/payment-link`)).status).toBe(201)
      const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(
        (await testApi.latestMail(member.email))?.text ?? '',
      )?.[1]
      const visitor = testApi.browser({ origin: joinOrigin })
      const link = await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)
      expect(link.owed).toEqual([expect.objectContaining({ payment_id: failed.id, amount: 2500 })])
      expect(link.totals).toEqual({
        bank_account: { surcharge: 0, total: 2500 },
        stripe_card: { surcharge: 63, total: 2563 },
      })
      // Paying by bank account charges the bank total the page showed, not the card's.
      const paid = await readData(
        await visitor.post(`/payment-links/${token}/pay`, {
          payment_method_id: bank.id,
          make_default: false,
        }),
        payByLinkAnswerSchema,
      )
      expect(paid.outcomes).toEqual([expect.objectContaining({ amount: link.totals.bank_account.total })])
      const [charge] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, failed.subscriptionId), eq(payments.type, 'bank_account')))
      expect(charge).toMatchObject({ amount: 2500, surcharge: 0 })
    } finally {
      await surchargeOf(0)
    }
  })

  it('a link cannot be used to try card after card, nor staff flood a member with links', async () => {
    const { member, failed } = await declinedMember('9995')
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await owner.post(`/payments/${failed.id}/payment-link`)).status).toBe(201)
    }
    const flood = await owner.post(`/payments/${failed.id}/payment-link`)
    expect(flood.status).toBe(429)
    expect(await readMessage(flood, 429)).toBe('Too many attempts. Please wait a moment and try again.')
    const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(
      (await testApi.latestMail(member.email))?.text ?? '',
    )?.[1]
    const visitor = testApi.browser({ origin: joinOrigin })
    for (let tried = 0; tried < 5; tried += 1) {
      expect((await visitor.post(`/payment-links/${token}/card-setups`)).status).toBe(201)
    }
    const sixth = await visitor.post(`/payment-links/${token}/card-setups`)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('Retry-After')).toMatch(/^\d+$/)
  })

  it('a hard decline waits for a new method: making one the default schedules the retry for today', async () => {
    const { member, failed } = await declinedMember('0069')
    expect((await periodRows(failed)).filter((row) => row.status === 'upcoming')).toHaveLength(0)
    const card = await addCard(member.id, '4444', clock)
    await switchPaymentMethod({
      db: database.db,
      now: clock,
      organisationId: org.organisation.id,
      userId: member.id,
      paymentMethodId: card.id,
    })
    const waiting = (await periodRows(failed)).filter((row) => row.status === 'upcoming')
    expect(waiting).toEqual([
      expect.objectContaining({ dueOn: day, paymentMethodId: card.id, isRetry: true }),
    ])
  })

  it('money moves on an admin’s word: trainers are refused, other gyms and organisations are unknown', async () => {
    const { failed } = await declinedMember('9995', 1)
    const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
    const elsewhereAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    const mixed = await signIn({
      gyms: [
        { index: 0, role: 'admin' },
        { index: 1, role: 'personal_trainer' },
      ],
    })
    const stranger = await signIn({ org: other, admin: true })
    for (const path of ['retry', 'payment-link']) {
      expect((await trainer.post(`/payments/${failed.id}/${path}`)).status).toBe(403)
      expect((await elsewhereAdmin.post(`/payments/${failed.id}/${path}`)).status).toBe(404)
      expect((await mixed.post(`/payments/${failed.id}/${path}`)).status).toBe(403)
      expect((await stranger.post(`/payments/${failed.id}/${path}`)).status).toBe(404)
    }
    expect((await stranger.post(`/payments/${failed.id}/waive`, { reason: 'x' })).status).toBe(404)
    expect((await owner.post('/payments/2147483648/retry')).status).toBe(404)
    expect((await owner.post('/payments/999999/retry')).status).toBe(404)
    // Nothing was charged or changed by the refusals.
    expect((await periodRows(failed)).map((row) => row.status)).toEqual(['failed', 'upcoming'])
  })

  describe('dunning e-mails', () => {
    it('sends the failure notice once with a link, respects payment reminders, reminds before grace ends, notices a cancellation', async () => {
      const db = database.db
      const mailer = {
        send: async (options: Parameters<typeof testMailer.send>[0]) => testMailer.send(options),
        sendMany: async (options: Parameters<Mailer['sendMany']>[0]) => {
          for (const { to, message } of options.messages) await testMailer.send({ ...options, to, message })
        },
      }
      const testMailer = {
        async send(options: {
          db: typeof db
          organisationId: number | null
          to: string
          message: { subject: string; html: string; text: string }
        }) {
          await options.db.insert(mailOutbox).values({
            organisationId: options.organisationId,
            to: options.to,
            subject: options.message.subject,
            html: options.message.html,
            text: options.message.text,
          })
        },
      }
      const siteUrl = (_site: 'join' | 'console', path: string) => `http://join.test${path}`
      const reminded = await declinedMember('9995')
      const quiet = await declinedMember('9995')
      await db.update(users).set({ paymentReminders: true }).where(eq(users.id, reminded.member.id))
      await db.update(users).set({ paymentReminders: false }).where(eq(users.id, quiet.member.id))

      const first = await sendDunningNotices({ db, now: clock, mailer, siteUrl })
      await sendDunningNotices({ db, now: clock, mailer, siteUrl })
      expect(first.paymentFailed).toBeGreaterThanOrEqual(1)
      const mailsTo = (email: string) =>
        db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, '%payment didn’t go through%')))
      expect(await mailsTo(reminded.member.email)).toHaveLength(1)
      expect((await mailsTo(reminded.member.email))[0]?.text).toMatch(/http:\/\/join\.test\/pay\?token=/)
      expect(await mailsTo(quiet.member.email)).toHaveLength(0)
      const quietNotices = await db
        .select()
        .from(dunningNotices)
        .where(eq(dunningNotices.userId, quiet.member.id))
      expect(quietNotices).toEqual([expect.objectContaining({ kind: 'payment_failed', mailed: false })])

      // Three days before the grace period's last day: the reminder, once.
      const graceEnds = (await subscriptionOf(reminded.subscription.id)).gracePeriodEndsAt!
      const reminderDay = new Date(at(graceEnds).getTime() - 3 * 86_400_000)
      await sendDunningNotices({ db, now: reminderDay, mailer, siteUrl })
      await sendDunningNotices({ db, now: reminderDay, mailer, siteUrl })
      const reminders = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, reminded.member.email), like(mailOutbox.subject, '%ends on%')))
      expect(reminders).toHaveLength(1)

      // Cancelled for non-payment: the notice goes even to a member who turned reminders off.
      const cancelledAt = new Date(clock.getTime() + 60_000)
      await db
        .update(subscriptions)
        .set({ cancelledAt, cancellationReasons: ['unpaid'] })
        .where(eq(subscriptions.id, quiet.subscription.id))
      await sendDunningNotices({ db, now: new Date(cancelledAt.getTime() + 60_000), mailer, siteUrl })
      await sendDunningNotices({ db, now: new Date(cancelledAt.getTime() + 120_000), mailer, siteUrl })
      const cancelled = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, quiet.member.email), like(mailOutbox.subject, '%was cancelled%')))
      expect(cancelled).toHaveLength(1)
      expect(cancelled[0]?.text).toContain('$25.00 stayed unpaid')
    })
  })
})
