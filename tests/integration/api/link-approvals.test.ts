import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { payByLinkAnswerSchema, paymentLinkSchema, sandboxCardApprovalSchema } from '~/contracts/pay'
import {
  mailOutbox,
  paymentLinks,
  paymentMethods,
  payments,
  sandboxCharges,
  users,
  webhookEvents,
} from '~/db/schema'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createSubscribedTestMember } from '../../factories/member-factory'
import { readData, readMessage } from '../support/answers'
import { joinOrigin } from '../support/api'
import { atDay as at, failedPaymentsOf, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { organisationSuite } from '../support/suite'

/**
 * A card whose bank wants the member to approve each payment (3-D Secure, the sandbox's 4000 0027 6000
 * 3184, Stripe's `pm_card_authenticationRequired`), paid through the payment link (issue 26 point 2):
 * off-session the engine's charge fails `authentication_required`; on the link's page the charge waits
 * for the member's approval, which goes as the card provider's event through the webhooks pipeline, and
 * the page's confirmation carries on. Left, refused or approved, one effect and words for each.
 */
describeEachDatabase('card approvals on the payment link', (database) => {
  let clock = at('2026-03-09')
  const suite = organisationSuite(database, {
    now: () => clock,
    organisation: { name: 'Approval Gym', gymNames: ['Ponsonby'] },
    weeklyPrices: { weekly: 2500 },
  })

  /** A weekly member on the 3184 card: the engine's charge on 9 March fails `authentication_required`. */
  async function memberWhoseBankAsks() {
    const db = database.db
    clock = at('2026-03-09')
    // The first week is paid with a card that needs no check; then the member's default is the 3184 card.
    const { member, subscription } = await createSubscribedTestMember({
      db,
      organisation: suite.org,
      priceId: suite.priceId('weekly'),
      startDate: '2026-03-02',
      pays: [
        { card: '4242', makeDefault: true },
        { card: '3184', makeDefault: false },
      ],
    })
    await runEngineOn({ db, days: ['2026-03-02'] })
    await switchDefaultTo3184(member.id)
    await runEngineOn({ db, days: ['2026-03-09'] })
    const [failed] = await failedPaymentsOf(db, subscription.id)
    expect(failed?.errorStatus).toBe('authentication_required')
    const sent = await suite.owner.post(`/payments/${failed!.id}/payment-link`)
    expect(sent.status).toBe(201)
    const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(
      (await suite.api.latestMail(member.email))?.text ?? '',
    )?.[1]
    if (!token || !failed) throw new Error('No link')
    return { member, subscription, failed, token, visitor: suite.api.browser({ origin: joinOrigin }) }
  }

  async function switchDefaultTo3184(userId: number) {
    const [card] = await database.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.lastFour, '3184')))
    await database.db.update(users).set({ defaultPaymentMethodId: card!.id }).where(eq(users.id, userId))
    await database.db
      .update(payments)
      .set({ paymentMethodId: card!.id })
      .where(and(eq(payments.userId, userId), eq(payments.status, 'upcoming')))
  }

  const receipts = (email: string) =>
    database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Your payment receipt')))

  type Visitor = Awaited<ReturnType<typeof memberWhoseBankAsks>>['visitor']
  /** The link's Pay, with the member's saved method. */
  const pay = async (visitor: Visitor, token: string) =>
    readData(await visitor.post(`/payment-links/${token}/pay`, {}), payByLinkAnswerSchema)
  /** The sandbox bank's check of a waiting charge, answered. */
  const answerCheck = async (visitor: Visitor, clientSecret: string | undefined, approved: boolean) =>
    readData(
      await visitor.post('/sandbox/card-approvals', { client_secret: clientSecret, approved }),
      sandboxCardApprovalSchema,
    )
  const confirm = async (visitor: Visitor, token: string, paymentId: number) =>
    readData(
      await visitor.post(`/payment-links/${token}/confirm`, { payment_id: paymentId }),
      payByLinkAnswerSchema,
    )

  const linkRow = async (userId: number) =>
    (await database.db.select().from(paymentLinks).where(eq(paymentLinks.userId, userId)))[0]

  it('waits for the member’s approval, records it through the card provider’s event once, and the confirmation ends the link', async () => {
    const { member, subscription, token, visitor } = await memberWhoseBankAsks()
    const paid = await pay(visitor, token)
    expect(paid.outcomes).toEqual([
      expect.objectContaining({
        status: 'pending',
        amount: 2500,
        approval: {
          provider: 'sandbox_card',
          client_secret: expect.stringMatching(/^pi_sandbox_\w+_secret_/),
        },
      }),
    ])
    const waiting = paid.outcomes[0]!
    // Waiting: the link still works, and a second Pay press cannot charge the period twice.
    expect((await linkRow(member.id))?.usedAt).toBeNull()
    expect((await visitor.post(`/payment-links/${token}/pay`, {})).status).toBe(409)

    expect(await answerCheck(visitor, waiting.approval?.client_secret, true)).toEqual({ status: 'succeeded' })
    // The sandbox sent it as Stripe does: one processed `payment_intent.succeeded` on the organisation's list.
    const events = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.organisationId, suite.org.organisation.id))
    const succeeded = events.filter((event) => event.type === 'payment_intent.succeeded')
    expect(succeeded).toHaveLength(1)
    expect(succeeded[0]).toMatchObject({ provider: 'stripe', result: 'processed', signatureVerified: true })
    expect(JSON.stringify(succeeded[0]?.payload)).not.toContain('_secret_')
    // Approving again changes nothing and sends nothing more.
    expect(await answerCheck(visitor, waiting.approval?.client_secret, true)).toEqual({ status: 'succeeded' })

    const confirmed = await confirm(visitor, token, waiting.payment_id)
    expect(confirmed).toMatchObject({
      balance_owing: 0,
      outcomes: [expect.objectContaining({ status: 'sent', payment_id: waiting.payment_id, approval: null })],
    })
    expect((await linkRow(member.id))?.usedAt).not.toBeNull()
    // One receipt, whichever step recorded the payment.
    const sentReceipts = await receipts(member.email)
    expect(sentReceipts).toHaveLength(1)
    expect(sentReceipts[0]?.text).toContain('We have received your payment of $25.00')
    const [row] = await database.db.select().from(payments).where(eq(payments.id, waiting.payment_id))
    expect(row).toMatchObject({ status: 'sent', subscriptionId: subscription.id })
  })

  it('a refused check is a decline in words; the link still works and asks again', async () => {
    const { member, token, visitor } = await memberWhoseBankAsks()
    const paid = await pay(visitor, token)
    const waiting = paid.outcomes[0]!
    expect(await answerCheck(visitor, waiting.approval?.client_secret, false)).toEqual({ status: 'failed' })
    const confirmed = await confirm(visitor, token, waiting.payment_id)
    expect(confirmed.outcomes).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure_reason: 'Not approved at the bank',
        approval: null,
      }),
    ])
    expect(confirmed.balance_owing).toBe(2500)
    expect((await linkRow(member.id))?.usedAt).toBeNull()
    expect(await receipts(member.email)).toEqual([])
    // Paying again asks for a new approval (a new charge, the refused one stays refused).
    const again = await pay(visitor, token)
    expect(again.outcomes[0]).toMatchObject({ status: 'pending', approval: { provider: 'sandbox_card' } })
    expect(again.outcomes[0]?.approval?.client_secret).not.toBe(waiting.approval?.client_secret)
  })

  it('opening the link again ends an approval left mid-way: cancelled, owed again, the old check refused', async () => {
    const { token, visitor } = await memberWhoseBankAsks()
    const paid = await pay(visitor, token)
    const waiting = paid.outcomes[0]!
    const link = await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)
    expect(link).toMatchObject({ state: 'usable', balance_owing: 2500 })
    expect(link.owed).toEqual([
      expect.objectContaining({
        payment_id: waiting.payment_id,
        reason: 'Not approved at the bank',
      }),
    ])
    const [charge] = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.actionSecret, waiting.approval?.client_secret ?? ''))
    expect(charge).toMatchObject({ status: 'failed', errorStatus: 'payment_intent_authentication_failure' })
    // The old check, finished late, cannot bring the cancelled charge back: it answers how it ended.
    expect(await answerCheck(visitor, waiting.approval?.client_secret, true)).toEqual({ status: 'failed' })
    const [row] = await database.db.select().from(payments).where(eq(payments.id, waiting.payment_id))
    expect(row?.status).toBe('failed')
  })

  it('the engine’s poll cancels an approval left for over an hour', async () => {
    const { token, visitor } = await memberWhoseBankAsks()
    const paid = await pay(visitor, token)
    const paymentId = paid.outcomes[0]!.payment_id
    const providers = createSandboxProviders({ db: database.db })
    // Ten minutes on: still the member's to approve.
    await runBilling({ db: database.db, providers, now: new Date(clock.getTime() + 10 * 60_000) })
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.status).toBe(
      'pending_request',
    )
    await runBilling({ db: database.db, providers, now: new Date(clock.getTime() + 2 * 3_600_000) })
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({
      status: 'failed',
      errorStatus: 'payment_intent_authentication_failure',
    })
  })

  it('refuses another link’s payment, an unknown secret, and a body that is not one', async () => {
    const first = await memberWhoseBankAsks()
    const second = await memberWhoseBankAsks()
    const paid = await pay(second.visitor, second.token)
    const theirs = paid.outcomes[0]!.payment_id
    expect(
      (await first.visitor.post(`/payment-links/${first.token}/confirm`, { payment_id: theirs })).status,
    ).toBe(404)
    expect(
      (await first.visitor.post(`/payment-links/${first.token}/confirm`, { payment_id: 2 ** 31 + 5 })).status,
    ).toBe(422)
    expect(
      await readMessage(
        await first.visitor.post('/sandbox/card-approvals', {
          client_secret: `pi_sandbox_x_secret_${'0'.repeat(32)}`,
          approved: true,
        }),
        404,
      ),
    ).toBe('This payment is no longer waiting for approval.')
    expect(
      (await first.visitor.post('/sandbox/card-approvals', { client_secret: 'x\u0000y', approved: 'yes' }))
        .status,
    ).toBe(422)
  })
})
