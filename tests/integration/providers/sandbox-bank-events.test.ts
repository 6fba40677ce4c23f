import { eq, inArray } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { webhookEventSchema } from '~/contracts/webhooks'
import type { DatabaseHandle } from '~/db/client.server'
import { paymentAttempts, payments, sandboxCharges, webhookEvents } from '~/db/schema'
import { z } from '~/lib/validation'
import { pollPendingPayments } from '~/server/billing/engine/run-billing.server'
import { sendDueSandboxBankEvents } from '~/server/providers/payments/bank-sandbox-events.server'
import {
  createSandboxPaymentServices,
  createSandboxProviders,
} from '~/server/providers/payments/sandbox-providers.server'
import { processWebhookEvent } from '~/server/webhooks/process-webhook.server'
import { createSubscribedTestMember, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { atDay, runEngineOn } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

/**
 * Issue 26 point 5: the sandbox bank sends its payments' `PAYMENT.UPDATE` events through the webhook
 * pipeline, Akahu-shaped, once each, when their settle time has passed; processing one settles the
 * payment as an Akahu event does, and the engine's poll beside it makes no second effect.
 */

const HOUR = 60 * 60_000
const itemOf = (payload: unknown) => z.object({ item_id: z.string() }).safeParse(payload).data?.item_id
const at = atDay
const later = (date: Date, ms: number) => new Date(date.getTime() + ms)

describeEachDatabase('sandbox bank events through the webhook pipeline', (database) => {
  const api = createTestApi(database, { now: () => at('2026-04-01') })
  // No pg-boss in this test: events are stored, and processed here as the worker would.
  const handle = (): DatabaseHandle => ({ db: database.db, driver: database.driver, close: async () => {} })
  let org: TestOrganisation
  let admin: TestBrowser
  let weeklyPriceId: number

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, name: 'Bank Events Gym', now: at('2026-01-01') })
    admin = await signInStaff({ database, api, now: at('2026-01-01'), organisation: org, admin: true })
    // Weekly, $25.00.
    weeklyPriceId = (await createTestPriceFor({ db: database.db, organisation: org, now: at('2026-01-01') }))
      .price.id
  })

  /** A member paying weekly from a bank account whose suffix decides the sandbox's outcome. */
  async function bankMembership(options: { suffix: string; startDate: string }) {
    const { subscription } = await createSubscribedTestMember({
      db: database.db,
      organisation: org,
      priceId: weeklyPriceId,
      startDate: options.startDate,
      pays: [{ bankAccount: `12-3140-0171323-${options.suffix}` }],
    })
    return subscription
  }

  /** Charges the subscriptions' payments due on `day` (the engine's daily run), answering each one. */
  async function chargeOn(day: string, subscriptionIds: number[]) {
    const db = database.db
    await runEngineOn({ db, days: [day] })
    const charged = await db
      .select({ payment: payments, reference: paymentAttempts.providerReference })
      .from(payments)
      .innerJoin(paymentAttempts, eq(paymentAttempts.paymentId, payments.id))
      .where(inArray(payments.subscriptionId, subscriptionIds))
    const due = charged.filter((row) => row.payment.dueOn === day)
    expect(due).toHaveLength(subscriptionIds.length)
    for (const row of due) {
      expect(row.payment.status).toBe('pending_request')
      expect(row.reference).toMatch(/^payment_sandbox_/)
    }
    return subscriptionIds.map((id) => {
      const row = due.find((candidate) => candidate.payment.subscriptionId === id)
      if (!row?.reference) throw new Error(`no charge for subscription ${id}`)
      return { paymentId: row.payment.id, reference: row.reference }
    })
  }

  const paymentOf = async (id: number) =>
    (await database.db.select().from(payments).where(eq(payments.id, id)))[0]
  const attemptsOf = (id: number) =>
    database.db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, id))
  const chargeOf = async (reference: string) =>
    (await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)))[0]
  /** The sandbox's events stored for these payments (Akahu's `item_id` names the payment). */
  const eventsOf = async (references: string[]) =>
    (await database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'akahu'))).filter(
      (row) => references.includes(itemOf(row.payload) ?? ''),
    )
  const process = (webhookEventId: number, now: Date) =>
    processWebhookEvent({
      db: database.db,
      payments: createSandboxPaymentServices({ db: database.db }),
      now,
      webhookEventId,
    })

  it('settles a payment through an Akahu-shaped event, sent once, shown on the organisation’s webhooks', async () => {
    const paid = await bankMembership({ suffix: '000', startDate: '2026-02-02' })
    const short = await bankMembership({ suffix: '093', startDate: '2026-02-02' })
    const chargedAt = at('2026-02-09')
    const [success, failure] = await chargeOn('2026-02-09', [paid.id, short.id])
    const references = [success!.reference, failure!.reference]

    // Not due before its settle time (an hour after the charge).
    const early = await sendDueSandboxBankEvents({ handle: handle(), now: later(chargedAt, 30 * 60_000) })
    expect(early.filter((event) => references.includes(event.reference))).toEqual([])

    const sentAt = later(chargedAt, 2 * HOUR)
    const sent = await sendDueSandboxBankEvents({ handle: handle(), now: sentAt })
    expect(sent.map((event) => event.reference).sort()).toEqual([...references].sort())
    // Once each: a later run sends nothing more for them.
    const again = await sendDueSandboxBankEvents({ handle: handle(), now: later(chargedAt, 3 * HOUR) })
    expect(again.filter((event) => references.includes(event.reference))).toEqual([])
    expect(await eventsOf(references)).toHaveLength(2)

    const stored = await database.db
      .select()
      .from(webhookEvents)
      .where(
        inArray(
          webhookEvents.id,
          sent.map((event) => event.webhookEventId),
        ),
      )
    const bySuccess = stored.find((row) => itemOf(row.payload) === success!.reference)
    const byFailure = stored.find((row) => itemOf(row.payload) === failure!.reference)
    expect(bySuccess).toMatchObject({
      provider: 'akahu',
      type: 'PAYMENT.UPDATE',
      signatureVerified: true,
      result: 'received',
      payload: {
        webhook_type: 'PAYMENT',
        webhook_code: 'UPDATE',
        item_id: success!.reference,
        status: 'SENT',
      },
    })
    expect(bySuccess?.eventId).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(byFailure?.payload).toMatchObject({ status: 'DECLINED', status_code: 'INSUFFICIENT_FUNDS' })
    // Stored, not yet processed: the payments wait for the pipeline's worker.
    expect((await paymentOf(success!.paymentId))?.status).toBe('pending_request')

    const processedAt = later(sentAt, 60_000)
    for (const row of stored) expect((await process(row.id, processedAt)).status).toBe('processed')
    expect(await paymentOf(success!.paymentId)).toMatchObject({ status: 'sent' })
    expect(await paymentOf(failure!.paymentId)).toMatchObject({ errorStatus: 'insufficient_funds' })
    expect((await paymentOf(failure!.paymentId))?.status).not.toBe('pending_request')
    expect(await chargeOf(success!.reference)).toMatchObject({ status: 'succeeded', pollCount: 1 })

    // The organisation's webhooks list shows them, processed, with what they did.
    const list = await readPage(
      await admin.get(`/organisations/${org.organisation.id}/webhook-events?provider=akahu&per_page=100`),
      webhookEventSchema,
    )
    const shown = list.data.filter((row) => row.type === 'PAYMENT.UPDATE')
    expect(shown.map((row) => row.note).sort()).toEqual(
      [
        `Payment ${success!.paymentId} succeeded.`,
        `Payment ${failure!.paymentId} failed (insufficient_funds).`,
      ].sort(),
    )
    expect(shown.every((row) => row.result === 'processed' && row.signature_verified)).toBe(true)
  })

  it('with the engine’s poll beside it, in either order, settles each payment once', async () => {
    const db = database.db
    const providers = createSandboxProviders({ db })
    const polledFirst = await bankMembership({ suffix: '000', startDate: '2026-03-02' })
    const eventFirst = await bankMembership({ suffix: '000', startDate: '2026-03-02' })
    const chargedAt = at('2026-03-09')
    const [byPoll, byEvent] = await chargeOn('2026-03-09', [polledFirst.id, eventFirst.id])
    const sentAt = later(chargedAt, 2 * HOUR)
    const sent = await sendDueSandboxBankEvents({ handle: handle(), now: sentAt })
    const eventFor = (reference: string) => sent.find((event) => event.reference === reference)
    expect(eventFor(byPoll!.reference)).toBeDefined()
    expect(eventFor(byEvent!.reference)).toBeDefined()

    // One: the event processed first settles it; the engine's poll then has nothing to poll.
    expect(await process(eventFor(byEvent!.reference)!.webhookEventId, sentAt)).toMatchObject({
      status: 'processed',
      outcome: { note: `Payment ${byEvent!.paymentId} succeeded.` },
    })
    // Two: the poll settles the other before its event is processed; the event then changes nothing.
    await pollPendingPayments({ db, providers, now: later(sentAt, 60_000) })
    expect((await paymentOf(byPoll!.paymentId))?.status).toBe('sent')
    const before = await paymentOf(byPoll!.paymentId)
    expect(
      await process(eventFor(byPoll!.reference)!.webhookEventId, later(sentAt, 2 * 60_000)),
    ).toMatchObject({
      status: 'processed',
      outcome: { note: `Payment ${byPoll!.paymentId} was already settled: nothing changed.` },
    })
    expect(await paymentOf(byPoll!.paymentId)).toEqual(before)

    for (const payment of [byPoll!, byEvent!]) {
      expect(await paymentOf(payment.paymentId)).toMatchObject({ status: 'sent' })
      const attempts = await attemptsOf(payment.paymentId)
      expect(attempts.map((attempt) => attempt.status)).toEqual(['succeeded'])
      // The sandbox was asked once for each: by the poll, or by the event's handler.
      expect(await chargeOf(payment.reference)).toMatchObject({ status: 'succeeded', pollCount: 1 })
    }
    // A later poll and a later run change nothing.
    await pollPendingPayments({ db, providers, now: later(sentAt, HOUR) })
    const rerun = await sendDueSandboxBankEvents({ handle: handle(), now: later(sentAt, HOUR) })
    expect(
      rerun.filter((event) => [byPoll!.reference, byEvent!.reference].includes(event.reference)),
    ).toEqual([])
    for (const payment of [byPoll!, byEvent!]) {
      expect(await chargeOf(payment.reference)).toMatchObject({ pollCount: 1 })
    }
  })

  it('sends no event for a payment the engine’s poll settled before its time was seen', async () => {
    const db = database.db
    const subscription = await bankMembership({ suffix: '000', startDate: '2026-04-06' })
    const chargedAt = at('2026-04-13')
    const [payment] = await chargeOn('2026-04-13', [subscription.id])
    // The demo's history and the simulator poll on their own clock, ahead of the event run's.
    await pollPendingPayments({
      db,
      providers: createSandboxProviders({ db }),
      now: later(chargedAt, 2 * HOUR),
    })
    expect((await paymentOf(payment!.paymentId))?.status).toBe('sent')
    const sent = await sendDueSandboxBankEvents({ handle: handle(), now: later(chargedAt, 3 * HOUR) })
    expect(sent.filter((event) => event.reference === payment!.reference)).toEqual([])
    expect(await eventsOf([payment!.reference])).toEqual([])
  })
})
