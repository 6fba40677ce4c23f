import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import {
  accountBalanceSchema,
  accountPaymentLinkSchema,
  accountPaymentSchema,
  noReceiptMessage,
  nothingOwedMessage,
} from '~/contracts/account-payments'
import { payByLinkAnswerSchema, paymentLinkSchema } from '~/contracts/pay'
import {
  auditLog,
  mailOutbox,
  membershipAgreements,
  organisations,
  payments,
  sandboxCharges,
  subscriptions,
} from '~/db/schema'
import { gstContent } from '~/lib/gst'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { addSandboxPaymentMethod, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readMessage, readPage } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { atDay, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { joinAsMember } from '../support/join'
import { pdfText } from '../support/pdf-text'

/**
 * The member's own payments and papers, and paying what they owe from their account (issue 28): their
 * payments only, a page at a time; a GST receipt per paid payment; the signed agreement; "Pay now" as
 * the pay page's own path (one charge however often it is pressed, the grace period ended at once).
 */
describeEachDatabase('the account’s payments and papers', (database) => {
  let org: TestOrganisation
  let priceId: number
  let members = 0
  const start = '2026-03-02'
  let clock = atDay(start)
  const testApi = createTestApi(database, { now: () => clock })

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, name: 'Papers Gym', now: atDay('2026-01-01') })
    await database.db
      .update(organisations)
      .set({ legalName: 'Papers Gym Limited', gstNumber: '123-456-789' })
      .where(eq(organisations.id, org.organisation.id))
    // Weekly, $25.00, no joining fee.
    priceId = (
      await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[0]!.id],
        amount: 2500,
        joiningFee: 0,
      })
    ).price.id
  })

  /** A member who joined on `start` paying by the sandbox card `card`, their first payment charged. */
  async function member(card: string) {
    members += 1
    clock = atDay(start)
    const email = `account-pay-${members}-${process.pid}@members.test`
    const { browser, me } = await joinAsMember(testApi, {
      gymUuid: org.gyms[0]!.uuid,
      name: 'Mere Papers',
      email,
      ip: `203.0.113.${(members % 200) + 20}`,
    })
    await addSandboxPaymentMethod({
      db: database.db,
      now: clock,
      organisation: org,
      userId: me.id,
      pays: { card, expYear: 2031, makeDefault: true },
    })
    const subscription = await createMembership({
      db: database.db,
      now: clock,
      organisationId: org.organisation.id,
      userId: me.id,
      priceId,
      startDate: start,
    })
    await runEngineOn({ db: database.db, days: [start] })
    return { browser, me, email, subscription }
  }

  const memberPayments = (userId: number) =>
    database.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id)

  it('lists the member’s own payments newest first, a page at a time, each state in words', async () => {
    const paying = await member('4242')
    const other = await member('4242')
    // Four weeks of payments for the first member.
    await runEngineOn({ db: database.db, days: ['2026-03-09', '2026-03-16', '2026-03-23'] })
    // The API's clock stays on the day they signed in (a session ends when idle); the engine ran ahead.
    const own = (await memberPayments(paying.me.id)).filter((row) => row.status === 'sent')
    expect(own.length).toBeGreaterThanOrEqual(4)

    const first = await readPage(await paying.browser.get('/me/payments?per_page=2'), accountPaymentSchema)
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 2 })
    expect(first.meta.total).toBe((await memberPayments(paying.me.id)).length)
    expect(first.data).toHaveLength(2)
    const second = await readPage(
      await paying.browser.get('/me/payments?per_page=2&page=2'),
      accountPaymentSchema,
    )
    const listed = [...first.data, ...second.data]
    // Newest due first, no row twice.
    const days = listed.map((row) => row.due_on)
    expect(days).toEqual([...days].sort().reverse())
    expect(new Set(listed.map((row) => row.id)).size).toBe(listed.length)
    const paid = listed.find((row) => row.state === 'paid')
    expect(paid).toMatchObject({ amount: 2500, has_receipt: true })
    expect(paid?.state_words).toMatch(/^Paid on \w{3} \d{1,2} \w{3} 2026 by Visa ending 4242$/)
    expect(paid?.for_words).toMatch(/^Membership \d/)

    // Only their own: none of the other member's payments, ever.
    const otherIds = new Set((await memberPayments(other.me.id)).map((row) => row.id))
    const all = await readPage(await paying.browser.get('/me/payments?per_page=100'), accountPaymentSchema)
    expect(all.data.some((row) => otherIds.has(row.id))).toBe(false)
    expect(all.data).toHaveLength((await memberPayments(paying.me.id)).length)
  })

  it('a receipt is a GST tax invoice with the figures of the e-mail; another member’s payment is a 404', async () => {
    const paying = await member('4242')
    const other = await member('4242')
    const [paid] = (await memberPayments(paying.me.id)).filter((row) => row.status === 'sent')
    if (!paid) throw new Error('No paid payment')

    const answer = await paying.browser.get(`/me/payments/${paid.id}/receipt`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="receipt-R-${paid.id}.pdf"`)
    const text = pdfText(new Uint8Array(await answer.arrayBuffer()))
    expect(text).toEqual(
      expect.arrayContaining([
        'Tax invoice/receipt',
        `Receipt number R-${paid.id}`,
        'Papers Gym Limited',
        'GST number 123-456-789',
        'Total (GST inclusive): $25.00',
        // 3/23 of $25.00 is 326.08… cents.
        `Includes GST of $${(gstContent(2500) / 100).toFixed(2)} (15%)`,
      ]),
    )
    expect(gstContent(2500)).toBe(326)
    expect(text.join('\n')).toContain('Visa ending 4242')

    // Another member's payment, and one that never existed, answer the same 404.
    const stranger = await other.browser.get(`/me/payments/${paid.id}/receipt`)
    expect(stranger.status).toBe(404)
    expect(await readMessage(stranger, 404)).toBe(
      await readMessage(await other.browser.get('/me/payments/999999999/receipt'), 404),
    )
    // Staff are not members: refused.
    expect(
      (await testApi.browser({ origin: joinOrigin }).get(`/me/payments/${paid.id}/receipt`)).status,
    ).toBe(401)

    // Not registered for GST: a plain receipt, no GST line.
    await database.db
      .update(organisations)
      .set({ gstNumber: null })
      .where(eq(organisations.id, org.organisation.id))
    try {
      const plain = pdfText(
        new Uint8Array(await (await paying.browser.get(`/me/payments/${paid.id}/receipt`)).arrayBuffer()),
      )
      expect(plain[0]).toBe('Receipt')
      // The e-mail's words: the total is said GST inclusive, but no GST number nor GST amount.
      expect(plain.join('\n')).not.toContain('GST number')
      expect(plain.join('\n')).not.toContain('Includes GST')
    } finally {
      await database.db
        .update(organisations)
        .set({ gstNumber: '123-456-789' })
        .where(eq(organisations.id, org.organisation.id))
    }
  })

  it('the signed agreement downloads as the welcome e-mail attached it', async () => {
    const paying = await member('4242')
    expect(await readMessage(await paying.browser.get('/me/agreement'), 404)).toBe(
      'We have no signed membership agreement for you.',
    )
    await database.db.insert(membershipAgreements).values({
      organisationId: org.organisation.id,
      userId: paying.me.id,
      subscriptionId: paying.subscription.id,
      clientKey: `agreement-${paying.me.id}`,
      typedName: 'Mere Papers',
      offSessionConsent: true,
      text: 'You agree to pay $25.00 every week.\n\nYou may cancel with a week’s notice.',
      acceptedAt: atDay(start),
    })
    const answer = await paying.browser.get('/me/agreement')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="membership-agreement.pdf"')
    const text = pdfText(new Uint8Array(await answer.arrayBuffer())).join('\n')
    expect(text).toContain('You agree to pay $25.00 every week.')
    expect(text).toContain('Accepted by Mere Papers')
    expect(text).toContain('who typed')
    const balance = await readData(await paying.browser.get('/me/balance'), accountBalanceSchema)
    expect(balance.has_agreement).toBe(true)
  })

  it('pays what is owed now through the pay page: one charge for a double press, grace ended, receipt e-mailed', async () => {
    const owing = await member('9995')
    clock = new Date(atDay(start).getTime() + 60 * 60 * 1000)
    const failed = (await memberPayments(owing.me.id)).find((row) => row.status === 'failed')
    if (!failed) throw new Error('The first charge did not fail')

    const before = await readData(await owing.browser.get('/me/balance'), accountBalanceSchema)
    expect(before.owed).toEqual([
      { payment_id: failed.id, due_on: failed.dueOn, amount: 2500, reason: 'Insufficient funds' },
    ])
    expect(before.balance_owing).toBe(2500)
    expect(before.grace_period_ends_at).not.toBeNull()
    const list = await readPage(await owing.browser.get('/me/payments'), accountPaymentSchema)
    const listedFailure = list.data.find((row) => row.id === failed.id)
    expect(listedFailure?.state).toBe('retrying')
    expect(listedFailure?.state_words).toMatch(/^Failed \(Insufficient funds\): we’ll try again on /)
    expect(await readMessage(await owing.browser.get(`/me/payments/${failed.id}/receipt`), 409)).toBe(
      noReceiptMessage,
    )

    // A working card, then "Pay now": the member's own pay page, which offers the way back.
    const card = await addSandboxPaymentMethod({
      db: database.db,
      now: clock,
      organisation: org,
      userId: owing.me.id,
      pays: { card: '4242', expYear: 2031, makeDefault: false },
    })
    const issued = await owing.browser.post('/me/payment-link')
    expect(issued.status).toBe(201)
    const { token } = await readData(issued, accountPaymentLinkSchema, 201)
    const visitor = testApi.browser({ origin: joinOrigin })
    const link = await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)
    expect(link).toMatchObject({ state: 'usable', from_account: true, balance_owing: 2500 })
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, owing.me.id), eq(auditLog.action, 'payment.link_opened')))
    expect(audit?.actorUserId).toBe(owing.me.id)

    // An impatient double press: both at once, one charge.
    const presses = await Promise.all(
      [1, 2].map(() => visitor.post(`/payment-links/${token}/pay`, { payment_method_id: card.id })),
    )
    const statuses = presses.map((press) => press.status).sort()
    const paid = presses.find((press) => press.status === 200)
    if (!paid) throw new Error(`No press paid: ${statuses.join(', ')}`)
    const answer = await readData(paid, payByLinkAnswerSchema)
    expect(answer.outcomes).toEqual([expect.objectContaining({ status: 'sent', amount: 2500 })])
    const other = presses.find((press) => press !== paid)
    // The second press either found the link used, or the period already paid: refused in words. Or,
    // when it read what is owed just after the first press had settled it (under load), it found
    // nothing left to charge and charged nothing: the one charge is held below either way.
    if (other?.status === 200) expect((await readData(other, payByLinkAnswerSchema)).outcomes).toEqual([])
    else expect(other?.status).toBe(409)
    const rows = await memberPayments(owing.me.id)
    const period = rows.filter((row) => row.periodStartAt === failed.periodStartAt)
    expect(period.filter((row) => row.status === 'sent')).toHaveLength(1)
    const charged = await database.db
      .select()
      .from(sandboxCharges)
      .where(
        inArray(
          sandboxCharges.idempotencyKey,
          rows.flatMap((row) => [1, 2, 3, 4].map((n) => `gymbase-payment-${row.id}-attempt-${n}`)),
        ),
      )
    expect(charged.filter((charge) => charge.status === 'succeeded')).toHaveLength(1)

    // The balance is cleared and the grace period gone at once.
    const after = await readData(await owing.browser.get('/me/balance'), accountBalanceSchema)
    expect(after).toMatchObject({ balance_owing: 0, grace_period_ends_at: null, owed: [] })
    const [sub] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, owing.subscription.id))
    expect(sub?.gracePeriodEndsAt).toBeNull()
    const listedAfter = await readPage(await owing.browser.get('/me/payments'), accountPaymentSchema)
    expect(listedAfter.data.find((row) => row.id === failed.id)?.state).toBe('settled')
    // The receipt in writing.
    const mails = await database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, owing.email))
    expect(mails.filter((mail) => mail.subject === 'Your payment receipt')).toHaveLength(1)

    // Nothing owed: "Pay now" says so in words, and issues nothing.
    expect(await readMessage(await owing.browser.post('/me/payment-link'), 409)).toBe(nothingOwedMessage)
  })
})
