import { and, eq, gt } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { memberDetailSchema, memberHistoryEntrySchema, memberPaymentSchema } from '~/contracts/members'
import { nextPaymentSentence } from '~/contracts/next-charge-words'
import { payByLinkAnswerSchema } from '~/contracts/pay'
import { paymentRowSchema } from '~/contracts/payments'
import { deskMethodMessage } from '~/contracts/subscriptions'
import { auditLog, mailOutbox, organisations, payments, subscriptions } from '~/db/schema'
import { gstContent } from '~/lib/gst'
import {
  addSandboxPaymentMethod,
  createSubscribedTestMember,
  createTestPriceFor,
} from '../../factories/member-factory'
import { readData, readErrors, readPage } from '../support/answers'
import { joinOrigin } from '../support/api'
import { atDay as at, failedPaymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { organisationSuite } from '../support/suite'

/**
 * Every change of money or membership is confirmed to the member in writing (issue 25, point 4): each
 * action sends exactly one e-mail, in the change's transaction, with the change's days and amounts; a
 * receipt carries the GST number and the GST (3/23, `gstContent`); staff see each e-mail in the
 * member's history.
 */
describeEachDatabase('member notices', (database) => {
  const day = '2026-03-09'
  const clock = at(day)
  const suite = organisationSuite(database, {
    now: () => clock,
    organisation: { name: 'Notice Gym', gymNames: ['Kingsland'] },
    weeklyPrices: { weekly: 2500 },
  })

  beforeAll(async () => {
    await database.db
      .update(organisations)
      .set({ legalName: 'Notice Gym Limited', gstNumber: '049-091-850' })
      .where(eq(organisations.id, suite.org.organisation.id))
  })

  /** A weekly member paying by `card`, billed on 2 and 9 March (a declining card leaves a failure). */
  async function member(card = '4242') {
    const db = database.db
    const { member: person, subscription } = await createSubscribedTestMember({
      db,
      organisation: suite.org,
      priceId: suite.priceId('weekly'),
      startDate: '2026-03-02',
      pays: [{ card, makeDefault: true }],
    })
    await runEngineOn({ db, days: ['2026-03-02', day] })
    return { person, subscription }
  }

  const versionOf = async (id: number) => {
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    return row!.version
  }

  /** The e-mails marked as the member's, sent after outbox row `after`. */
  const mailsOf = (memberId: number, after = 0) =>
    database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.memberId, memberId), gt(mailOutbox.id, after)))
      .orderBy(mailOutbox.id)
  const lastMailId = async () =>
    (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).reduce(
      (max, row) => Math.max(max, row.id),
      0,
    )

  /**
   * The next charge as staff's member page states it, in the member's words: each notice must end with
   * the same (ADR 031, one rule for screens and e-mails).
   */
  async function nextChargeSentence(memberId: number) {
    const detail = await readData(await suite.owner.get(`/members/${memberId}`), memberDetailSchema)
    const charge = detail.membership?.next_charge
    return charge ? nextPaymentSentence(charge) : 'Nothing more will be charged for this membership.'
  }

  /** Runs `action` and returns the one e-mail it sent the member (fails on none or two). */
  async function oneMail(memberId: number, action: () => Promise<Response>) {
    const before = await lastMailId()
    const answer = await action()
    expect(answer.status, await answer.clone().text()).toBe(200)
    const mails = await mailsOf(memberId, before)
    expect(mails).toHaveLength(1)
    return mails[0]!
  }

  it('pause, ending it early, cancel and undo each e-mail the member once, and staff see each in the history', async () => {
    const { person, subscription } = await member()
    const id = subscription.id

    const paused = await oneMail(person.id, async () =>
      suite.owner.post(`/subscriptions/${id}/pause`, {
        version: await versionOf(id),
        start_date: day,
        end_date: '2026-03-22',
      }),
    )
    expect(paused.to).toBe(person.email)
    expect(paused.subject).toBe('Your membership is paused')
    expect(paused.text).toContain('is paused from Mon 9 Mar 2026 to Sun 22 Mar 2026, both days included.')
    const afterPause = await nextChargeSentence(person.id)
    // Weekly from 2 Mar, paused 9–22 Mar: the billing date of 9 Mar moves past the pause.
    expect(afterPause).toBe('Your next payment is $25.00 on Mon 23 Mar 2026.')
    expect(paused.text).toContain(afterPause)

    // The pause began today: ending it is an early end, said so in the e-mail and the history.
    const ended = await oneMail(person.id, async () =>
      suite.owner.post(`/subscriptions/${id}/resume`, { version: await versionOf(id) }),
    )
    expect(ended.subject).toBe('Your pause has ended early')
    expect(ended.text).toContain('is active again from Mon 9 Mar 2026')
    const afterResume = await nextChargeSentence(person.id)
    expect(afterResume).not.toBe(afterPause)
    expect(ended.text).toContain(afterResume)
    const [resumedLine] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, person.id), eq(auditLog.action, 'membership.resumed')))
    expect(resumedLine?.changes.description).toBe('Pause ended early: back from 9 Mar 2026')

    const cancelled = await oneMail(person.id, async () =>
      suite.owner.post(`/subscriptions/${id}/cancel`, {
        version: await versionOf(id),
        reasons: ['Moving away'],
        comments: '',
        immediately: false,
      }),
    )
    expect(cancelled.subject).toBe('Your membership is cancelled')
    const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
    expect(row?.currentPeriodEnd).toBeTruthy()
    expect(cancelled.text).toMatch(
      /is cancelled and ends on \w{3} \d{1,2} \w{3} 2026\. You keep your access until then/,
    )
    // Paid up to its end: nothing more is taken, and the e-mail says so as the member's page does.
    expect(await nextChargeSentence(person.id)).toBe('Nothing more will be charged for this membership.')
    expect(cancelled.text).toContain('Nothing more will be charged for this membership.')

    const undone = await oneMail(person.id, async () =>
      suite.owner.post(`/subscriptions/${id}/undo-cancellation`, { version: await versionOf(id) }),
    )
    expect(undone.subject).toBe('Your cancellation is undone')
    expect(undone.text).toContain('has been undone: your membership carries on')
    expect(undone.text).toContain(await nextChargeSentence(person.id))

    // The member's history lists each e-mail with its subject, newest first, next to the change.
    const history = await readPage(
      await suite.owner.get(`/members/${person.id}/history?per_page=50`),
      memberHistoryEntrySchema,
    )
    const emails = history.data.filter((entry) => entry.action === 'email.sent')
    expect(emails.map((entry) => entry.email?.subject)).toEqual([
      'Your cancellation is undone',
      'Your membership is cancelled',
      'Your pause has ended early',
      'Your membership is paused',
    ])
    expect(emails[0]).toMatchObject({ description: 'E-mailed: Your cancellation is undone', actor: null })
    expect(emails[0]?.email?.text).toContain('has been undone')
    expect(history.meta.total).toBe(history.data.length)
    // Each change is listed with its e-mail right under it (written in the same transaction).
    expect(history.data.map((entry) => entry.action).slice(0, 2)).toEqual([
      'membership.cancellation_undone',
      'email.sent',
    ])
  })

  it('a desk payment needs its method, settles the failed payment, and sends a GST receipt', async () => {
    const { person, subscription } = await member('0002')
    const [failed] = await failedPaymentsOf(database.db, subscription.id)
    expect(failed).toBeDefined()

    const missing = await suite.owner.post(`/subscriptions/${subscription.id}/manual-payment`, {
      version: await versionOf(subscription.id),
      amount: 2500,
    })
    expect((await readErrors(missing)).method).toEqual([deskMethodMessage])

    const receipt = await oneMail(person.id, async () =>
      suite.owner.post(`/subscriptions/${subscription.id}/manual-payment`, {
        version: await versionOf(subscription.id),
        amount: 2500,
        method: 'eftpos',
      }),
    )
    expect(receipt.subject).toBe('Your payment receipt')
    expect(receipt.text).toContain('We received $25.00 by EFTPOS at the desk on Mon 9 Mar 2026')
    expect(receipt.text).toContain('It settles the payment of $25.00 due on Mon 9 Mar 2026 that had failed.')
    expect(receipt.text).toContain('Tax invoice and receipt R-')
    expect(receipt.text).toContain('Notice Gym Limited')
    expect(receipt.text).toContain('GST number 049-091-850')
    expect(receipt.text).toContain('Total (GST inclusive): $25.00')
    expect(gstContent(2500)).toBe(326)
    expect(receipt.text).toContain('Includes GST of $3.26 (15%)')
    expect(receipt.text).toContain('Paid 9 Mar 2026 by EFTPOS at the desk.')

    const [desk] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.type, 'manual')))
    expect(desk).toMatchObject({ deskMethod: 'eftpos', status: 'sent', amount: 2500 })

    // The member's Payments tab and the payments list name the method, and the failed row says it was
    // settled at the desk (and is no longer offered to retry).
    const tab = await readPage(
      await suite.owner.get(`/users/${person.id}/payments?per_page=50`),
      memberPaymentSchema,
    )
    expect(tab.data.find((row) => row.id === desk!.id)).toMatchObject({
      type: 'manual',
      desk_method: 'eftpos',
      status_kind: 'success',
    })
    expect(tab.data.find((row) => row.id === failed!.id)).toMatchObject({
      status_kind: 'failed',
      settled_at_desk_on: day,
      fixable: false,
    })
    const list = await readPage(
      await suite.owner.get(`/payments?search=${encodeURIComponent(person.email)}&per_page=50`),
      paymentRowSchema,
    )
    expect(list.data.find((row) => row.id === desk!.id)?.desk_method).toBe('eftpos')
    expect(list.data.find((row) => row.id === failed!.id)?.settled_at_desk_on).toBe(day)
    const csv = await (await suite.owner.post('/payments/export', { search: person.email })).text()
    expect(csv).toContain('At the desk (EFTPOS)')
    expect(csv).toContain('Settled at the desk on 9 Mar 2026')
  })

  it('a waiver tells the member what they no longer owe', async () => {
    const { person, subscription } = await member('0002')
    const [failed] = await failedPaymentsOf(database.db, subscription.id)
    const notice = await oneMail(person.id, () =>
      suite.owner.post(`/payments/${failed!.id}/waive`, { reason: 'Hardship' }),
    )
    expect(notice.subject).toBe('A payment you owed is waived')
    expect(notice.text).toContain(
      'We have waived the payment of $25.00 due on Mon 9 Mar 2026 for your 24/7 Access at Kingsland membership',
    )
    // Staff's reason stays with staff.
    expect(notice.text).not.toContain('Hardship')
  })

  it('paying by link sends one receipt with the GST of what was paid', async () => {
    const { person, subscription } = await member('0002')
    const [failed] = await failedPaymentsOf(database.db, subscription.id)
    expect((await suite.owner.post(`/payments/${failed!.id}/payment-link`)).status).toBe(201)
    const link = await suite.api.latestMail(person.email)
    const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')?.[1]
    // A working card for the member, then the link pays with it.
    const card = await addSandboxPaymentMethod({
      db: database.db,
      now: clock,
      organisation: suite.org,
      userId: person.id,
      pays: { card: '4242', makeDefault: false },
    })
    const visitor = suite.api.browser({ origin: joinOrigin })
    let paidTotal = 0
    const receipt = await oneMail(person.id, async () => {
      // Not kept for later payments: a change of method sends its own e-mail (payment-method-change.test.ts).
      const answer = await visitor.post(`/payment-links/${token}/pay`, {
        payment_method_id: card.id,
        make_default: false,
      })
      const paid = await readData(answer.clone(), payByLinkAnswerSchema)
      expect(paid.outcomes).toEqual([expect.objectContaining({ status: 'sent' })])
      paidTotal = paid.outcomes[0]!.amount
      return answer
    })
    expect(receipt.subject).toBe('Your payment receipt')
    expect(receipt.text).toContain('We have received your payment of')
    expect(receipt.text).toContain('from your Visa ending 4242')
    expect(receipt.text).toContain('GST number 049-091-850')
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`
    expect(receipt.text).toContain(`Total (GST inclusive): ${dollars(paidTotal)}`)
    expect(receipt.text).toContain(`Includes GST of ${dollars(gstContent(paidTotal))} (15%)`)
  })

  it('starting early says the new start day and what the days between cost', async () => {
    const { member: person, subscription: upcoming } = await createSubscribedTestMember({
      db: database.db,
      organisation: suite.org,
      priceId: suite.priceId('weekly'),
      startDate: '2026-03-16',
      now: clock,
    })
    const notice = await oneMail(person.id, async () =>
      suite.owner.post(`/subscriptions/${upcoming.id}/start-early`, {
        version: await versionOf(upcoming.id),
      }),
    )
    expect(notice.subject).toBe('Your membership has started early')
    expect(notice.text).toContain('starts today, Mon 9 Mar 2026, instead of on Mon 16 Mar 2026.')
    // Seven days of a $25.00 week.
    expect(notice.text).toContain('The days from today until Mon 16 Mar 2026 cost $25.00, charged today.')
  })

  it('a price change e-mail names the old and the new amount and the day, once', async () => {
    const { person, subscription } = await member()
    const { price: dearer } = await createTestPriceFor({
      db: database.db,
      organisation: suite.org,
      billingFrequency: 'weekly',
      amount: 2900,
      now: at('2026-01-01'),
    })
    const notice = await oneMail(person.id, async () =>
      suite.owner.post('/subscriptions/schedule-price-change', {
        subscription_id: subscription.id,
        version: await versionOf(subscription.id),
        price_id: dearer.id,
        date: '2026-04-13',
      }),
    )
    expect(notice.text).toContain(
      'From 13 Apr 2026 your Notice Gym membership will cost $29.00 weekly instead of $25.00 weekly (a rise of $4.00).',
    )
  })
})
