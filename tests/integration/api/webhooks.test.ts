import { createHmac } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import Stripe from 'stripe'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { akahuWebhookSchema } from '~/contracts/organisation'
import { webhookEventSchema, webhookTypesSchema } from '~/contracts/webhooks'
import type { DatabaseHandle } from '~/db/client.server'
import {
  auditLog,
  bankConnections,
  doorAccessMembers,
  doorIntegrations,
  paymentAttempts,
  payments,
  users,
  visits,
  webhookEvents,
} from '~/db/schema'
import { z } from '~/lib/validation'
import { getBoss, stopBoss } from '~/server/jobs/boss.server'
import { createQueues } from '~/server/jobs/queues.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { createSandboxPaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import { resetProviderConfigCache } from '~/server/providers/provider-config.server'
import { findDoorPlaces, linkGymPlace } from '~/server/services/door-access/door-system.server'
import { findDoorIntegration } from '~/server/services/door-access/sync-door-access.server'
import { akahuConnectionState, processWebhookEvent } from '~/server/webhooks/process-webhook.server'
import { WEBHOOK_PROCESS_QUEUE, type WebhookProcessJob } from '~/server/webhooks/webhook-jobs.server'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { createAkahuSigningKeys } from '../../mocks/akahu/webhook-signing-keys'
import { TEST_DATA_KEY } from '../../mocks/data-key'
import { readData, readJson, readMessage, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { connectSandboxDoors } from '../support/doors'
import { signInStaff, type TestBrowser } from '../support/sign-in'

/**
 * Issue 26 points 5, 6 and 8: each provider's endpoint refuses a bad (or stale) signature in words and
 * records the attempt; a verified event is stored once and takes effect only through the job queue,
 * once, however often and in whatever order it and its neighbours arrive; an organisation sees only
 * its own events, and an admin's Reprocess of a failed one is audited.
 */

const now = new Date('2026-03-10T01:00:00Z')
const stripeSecret = 'whsec_webhooktestsecret'
const kisiSecret = 'kisi-signing-secret-for-tests'
const env = {
  STRIPE_SECRET_KEY: 'sk_test_webhooks123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_webhooks123',
  STRIPE_WEBHOOK_SECRET: stripeSecret,
  AKAHU_APP_TOKEN: 'app_token_webhooks123',
  AKAHU_APP_SECRET: 'akahu_app_secret_for_tests',
  KISI_API_KEY: 'kisi_api_key_for_tests',
  KISI_WEBHOOK_SECRET: kisiSecret,
  DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
}
const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))

const akahuKeys = createAkahuSigningKeys()
akahuKeys.addKey(7)
const server = setupServer(...akahuKeys.handlers)

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items]
  let state = seed
  for (let index = out.length - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    const other = state % (index + 1)
    ;[out[index], out[other]] = [out[other] as T, out[index] as T]
  }
  return out
}

describeEachDatabase('provider webhooks', (database) => {
  const api = createTestApi(database, { now: () => now })
  const handle = (): DatabaseHandle => ({ db: database.db, driver: database.driver, close: async () => {} })
  let a: TestOrganisation
  let b: TestOrganisation
  let aAdmin: TestBrowser
  let bAdmin: TestBrowser

  beforeAll(async () => {
    Object.assign(process.env, env)
    resetProviderConfigCache()
    server.listen()
    a = await createTestOrganisation({ db: database.db, now, gymNames: ['Ponsonby'] })
    b = await createTestOrganisation({ db: database.db, now, gymNames: ['Elsewhere'] })
    aAdmin = await signInStaff({ database, api, now, organisation: a, admin: true })
    bAdmin = await signInStaff({ database, api, now, organisation: b, admin: true })
    const boss = await getBoss(handle())
    await createQueues(boss)
  })

  afterAll(async () => {
    server.close()
    await stopBoss(handle())
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    resetProviderConfigCache()
  })

  /** As the provider's server posts: no session, no X-Requested-With, no Origin. */
  const deliver = (provider: string, body: string, headers: Record<string, string>) =>
    api.api.fetch(
      new Request(`https://api.gymbase.test/api/webhooks/${provider}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      }),
    )

  const stripeHeader = (body: string, at = now) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: stripeSecret,
      timestamp: Math.floor(at.getTime() / 1000),
    })

  /** The queue's jobs, worked as the worker works them (in the order given). */
  async function workQueue(order: (jobs: WebhookProcessJob[]) => WebhookProcessJob[] = (jobs) => jobs) {
    const boss = await getBoss(handle())
    const jobs = await boss.fetch<WebhookProcessJob>(WEBHOOK_PROCESS_QUEUE, { batchSize: 100 })
    const payments = createSandboxPaymentServices({ db: database.db })
    for (const data of order(jobs.map((job) => job.data))) {
      await processWebhookEvent({ db: database.db, payments, now, webhookEventId: data.webhookEventId })
    }
    if (jobs.length > 0)
      await boss.complete(
        WEBHOOK_PROCESS_QUEUE,
        jobs.map((job) => job.id),
      )
    return jobs.length
  }

  async function openPayment(organisation: TestOrganisation, reference: string, seed: string) {
    const db = database.db
    const organisationId = organisation.organisation.id
    const gymId = organisation.gyms[0]?.id ?? 0
    const { price } = await createTestPrice({ db, organisationId, gymIds: [gymId], now })
    const membership = await createTestMembership({
      db,
      organisationId,
      gymId,
      priceId: price.id,
      startDate: '2026-03-03',
      now,
      seed,
    })
    const [payment] = await db
      .insert(payments)
      .values({
        organisationId,
        subscriptionId: membership.subscription.id,
        userId: membership.member.id,
        gymId,
        paymentMethodId: membership.paymentMethod.id,
        amount: 2500,
        periodStartAt: '2026-03-10',
        periodEndAt: '2026-03-17',
        dueOn: '2026-03-10',
        status: 'pending_request',
        type: 'stripe_card',
        attempt: 1,
      })
      .returning()
    if (!payment) throw new Error('payment not made')
    await db.insert(paymentAttempts).values({
      organisationId,
      paymentId: payment.id,
      attempt: 1,
      idempotencyKey: `webhook-test-${seed}`,
      provider: 'stripe',
      status: 'unknown',
      providerReference: reference,
      startedAt: now,
    })
    return { payment, membership }
  }

  const paymentStatus = async (id: number) =>
    (await database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, id)))[0]
      ?.status

  it('Stripe: a bad signature and a stale one are refused in words and recorded; the right one is stored', async () => {
    const body = JSON.stringify({
      id: 'evt_bad_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      account: 'acct_unknown',
      data: { object: { id: 'pi_nobody', object: 'payment_intent' } },
    })
    const forged = await deliver('stripe', body, {
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: 'whsec_someoneelse',
        timestamp: Math.floor(now.getTime() / 1000),
      }),
    })
    expect(forged.status).toBe(400)
    expect(await readMessage(forged)).toBe(
      'The Stripe-Signature does not match this body and the endpoint secret.',
    )

    const stale = await deliver('stripe', body, {
      'Stripe-Signature': stripeHeader(body, new Date(now.getTime() - 301_000)),
    })
    expect(stale.status).toBe(400)
    expect(await readMessage(stale)).toBe('The Stripe-Signature timestamp is more than 5 minutes old.')

    const missing = await deliver('stripe', body, {})
    expect(missing.status).toBe(400)
    expect(await readMessage(missing)).toBe('The Stripe-Signature header is missing.')

    const refused = await database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.result, 'refused')))
    expect(refused).toHaveLength(3)
    for (const row of refused) {
      expect(row.signatureVerified).toBe(false)
      expect(row.processedAt).toBeNull()
      // Never under the id the forger claimed: the real event can still be stored.
      expect(row.eventId).not.toBe('evt_bad_1')
    }
    // Refused deliveries are never queued.
    expect(await workQueue()).toBe(0)

    const good = await deliver('stripe', body, {
      'Stripe-Signature': stripeHeader(body, new Date(now.getTime() - 299_000)),
    })
    expect(good.status).toBe(200)
    expect(await readJson(good, z.object({ received: z.literal(true) }))).toEqual({ received: true })
    expect(await workQueue()).toBe(1)
    const [stored] = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, 'evt_bad_1'))
    expect(stored?.result).toBe('processed')
    expect(stored?.note).toBe('No payment of ours has the reference pi_nobody.')
  })

  it('Stripe: the same success three times, shuffled with its neighbours, settles the payment once, only through the queue', async () => {
    const { payment } = await openPayment(a, 'pi_three_times', 'stripe-three')
    const other = await openPayment(a, 'pi_declined', 'stripe-declined')
    const event = (id: string, type: string, object: Record<string, unknown>) =>
      JSON.stringify({ id, object: 'event', type, account: 'acct_gym', data: { object } })
    const succeeded = event('evt_success', 'payment_intent.succeeded', {
      id: 'pi_three_times',
      object: 'payment_intent',
    })
    const declined = event('evt_declined', 'payment_intent.payment_failed', {
      id: 'pi_declined',
      object: 'payment_intent',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    })
    const refunded = event('evt_refund', 'charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_three_times',
      amount_refunded: 500,
    })
    const deliveries = shuffled([succeeded, succeeded, succeeded, declined, refunded, declined], 26)
    for (const body of deliveries) {
      const response = await deliver('stripe', body, { 'Stripe-Signature': stripeHeader(body) })
      expect(response.status).toBe(200)
    }
    // Answered at once: nothing has happened to the payments yet.
    expect(await paymentStatus(payment.id)).toBe('pending_request')
    const rows = await database.db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.eventId} in ('evt_success', 'evt_declined', 'evt_refund')`)
    expect(rows).toHaveLength(3)

    // The queue holds one job per stored event; worked in reverse, the refund before the success.
    expect(await workQueue((jobs) => [...jobs].reverse())).toBe(3)
    expect(await paymentStatus(payment.id)).not.toBe('pending_request')
    const [attempt] = await database.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentId, payment.id))
    expect(attempt?.status).toBe('succeeded')
    const [declinedPayment] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.id, other.payment.id))
    expect(declinedPayment?.errorStatus).toBe('insufficient_funds')

    // Delivered again later, and the queue run again: nothing changes.
    const again = await deliver('stripe', succeeded, { 'Stripe-Signature': stripeHeader(succeeded) })
    expect(again.status).toBe(200)
    expect(await workQueue()).toBe(0)
    const [success] = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, 'evt_success'))
    expect(success?.attempts).toBe(1)
    expect(success?.organisationId).toBe(a.organisation.id)
    const [refund] = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, 'evt_refund'))
    expect(refund?.note).toContain('Refund of 500 cents on payment')
  })

  it('Stripe on live keys: a test-mode event is noted and ignored, a live one settles its payment', async () => {
    // A live Connect endpoint also receives its accounts' test-mode events (PROVIDERS.md §1.5).
    const live = { STRIPE_SECRET_KEY: 'sk_live_webhooks123', STRIPE_PUBLISHABLE_KEY: 'pk_live_webhooks123' }
    Object.assign(process.env, live)
    resetProviderConfigCache()
    try {
      const { payment } = await openPayment(a, 'pi_live_keys', 'stripe-live-keys')
      const event = (id: string, livemode: boolean) =>
        JSON.stringify({
          id,
          object: 'event',
          type: 'payment_intent.succeeded',
          account: 'acct_gym',
          livemode,
          data: { object: { id: 'pi_live_keys', object: 'payment_intent' } },
        })
      const testEvent = event('evt_test_on_live', false)
      expect(
        (await deliver('stripe', testEvent, { 'Stripe-Signature': stripeHeader(testEvent) })).status,
      ).toBe(200)
      expect(await workQueue()).toBe(1)
      const [ignored] = await database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, 'evt_test_on_live'))
      expect(ignored?.result).toBe('processed')
      expect(ignored?.note).toBe('A test-mode event on live keys: ignored.')
      // Shown to the organisation whose payment it names, and nothing happened to the payment.
      expect(ignored?.organisationId).toBe(a.organisation.id)
      expect(await paymentStatus(payment.id)).toBe('pending_request')
      const [openAttempt] = await database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.paymentId, payment.id))
      expect(openAttempt?.status).toBe('unknown')

      const liveEvent = event('evt_live_on_live', true)
      expect(
        (await deliver('stripe', liveEvent, { 'Stripe-Signature': stripeHeader(liveEvent) })).status,
      ).toBe(200)
      expect(await workQueue()).toBe(1)
      const [acted] = await database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, 'evt_live_on_live'))
      expect(acted?.result).toBe('processed')
      expect(acted?.note).toBe(`Payment ${payment.id} succeeded.`)
      expect(await paymentStatus(payment.id)).toBe('sent')
      const [settled] = await database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.paymentId, payment.id))
      expect(settled?.status).toBe('succeeded')
    } finally {
      Object.assign(process.env, {
        STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
      })
      resetProviderConfigCache()
    }
  })

  it('Kisi: a bad signature is refused; an unlock three times, shuffled, is one visit', async () => {
    const db = database.db
    const organisationId = a.organisation.id
    const providers = createDoorProviders({ db })
    const { membership } = await openPayment(a, 'pi_kisi_member', 'kisi-member')
    await connectSandboxDoors({ db, providers, organisationId, actorId: membership.member.id, now })
    const [place] = await findDoorPlaces({ db, providers, organisationId })
    await linkGymPlace({
      db,
      providers,
      organisationId,
      gymId: a.gyms[0]?.id ?? 0,
      placeId: place?.id ?? '',
      actorId: membership.member.id,
      now,
    })
    const integration = await findDoorIntegration(db, organisationId)
    const [door] = await db
      .select()
      .from(doorIntegrations)
      .where(
        and(eq(doorIntegrations.organisationId, organisationId), eq(doorIntegrations.tracksVisits, true)),
      )
    if (!integration || !door) throw new Error('no door')
    await db.insert(doorAccessMembers).values({
      organisationId,
      accessControlIntegrationId: integration.id,
      userId: membership.member.id,
      providerUserId: '424242',
    })
    const unlock = (uuid: string, success: boolean) =>
      JSON.stringify({
        uuid,
        type: 'lock.unlock',
        actor_type: 'User',
        actor_id: 424242,
        actor_name: 'Member Name',
        object_type: 'Lock',
        object_id: Number(door.doorId),
        organization_id: integration.credentials.account,
        success,
        created_at: '2026-03-10T00:55:00Z',
      })
    const sign = (body: string) => ({
      'X-Signature': createHmac('sha256', kisiSecret).update(body).digest('hex'),
    })
    const first = unlock('6f1c-unlock-1', true)
    const refused = await deliver('kisi', first, {
      'X-Signature': createHmac('sha256', 'wrong').update(first).digest('hex'),
    })
    expect(refused.status).toBe(400)
    expect(await readMessage(refused)).toBe('The X-Signature does not match this body and the signing key.')
    const [recorded] = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, 'kisi'), eq(webhookEvents.signatureVerified, false)))
    // The refused attempt shows on the screen of the organisation whose lock it names.
    expect(recorded?.organisationId).toBe(organisationId)

    const second = unlock('6f1c-unlock-2', false)
    for (const body of shuffled([first, first, second, first], 7)) {
      expect((await deliver('kisi', body, sign(body))).status).toBe(200)
    }
    expect(await db.select().from(visits).where(eq(visits.userId, membership.member.id))).toHaveLength(0)
    expect(await workQueue()).toBe(2)
    const made = await db.select().from(visits).where(eq(visits.userId, membership.member.id))
    expect(made.map((visit) => visit.successful).sort()).toEqual([false, true])
    expect(made.every((visit) => visit.gymId === a.gyms[0]?.id)).toBe(true)
  })

  it('Akahu: verified with the key it names (fetched once), a revoked consent asks the member to reconnect, once', async () => {
    const db = database.db
    const { membership } = await openPayment(a, 'pi_akahu_member', 'akahu-member')
    const [connection] = await db
      .insert(bankConnections)
      .values({
        organisationId: a.organisation.id,
        userId: membership.member.id,
        provider: 'akahu',
        accessToken: 'user_token_revoked',
        connectedAt: now,
      })
      .returning()
    if (!connection) throw new Error('no connection')
    const revoked = JSON.stringify({
      webhook_type: 'TOKEN',
      webhook_code: 'DELETE',
      state: akahuConnectionState(connection.id),
      item_id: 'user_token_id_1',
    })
    const forged = await deliver('akahu', revoked, { ...akahuKeys.sign(7, `${revoked} `) })
    expect(forged.status).toBe(400)
    expect(await readMessage(forged)).toBe(
      'The X-Akahu-Signature does not verify with the signing key it names (or that key was rotated out).',
    )
    const unknownKey = await deliver('akahu', revoked, {
      ...akahuKeys.sign(7, revoked),
      'X-Akahu-Signing-Key': '99',
    })
    expect(unknownKey.status).toBe(400)

    const update = JSON.stringify({
      webhook_type: 'PAYMENT',
      webhook_code: 'UPDATE',
      state: 'x',
      item_id: 'payment_unknown',
      status: 'SENT',
    })
    for (const body of shuffled([revoked, update, revoked, revoked], 3)) {
      expect((await deliver('akahu', body, akahuKeys.sign(7, body))).status).toBe(200)
    }
    const fetchesBefore = akahuKeys.fetches()
    expect((await deliver('akahu', revoked, akahuKeys.sign(7, revoked))).status).toBe(200)
    expect(akahuKeys.fetches()).toBe(fetchesBefore)

    expect(await workQueue()).toBe(2)
    const [member] = await db.select().from(users).where(eq(users.id, membership.member.id))
    expect(member?.reauthenticateAkahu).toBe(true)
    const [after] = await db.select().from(bankConnections).where(eq(bankConnections.id, connection.id))
    expect(after?.accessToken).toBeNull()

    // The organisation's Akahu log (SPEC §7) lists it; another organisation's admin is told it does not exist.
    const log = await readPage(
      await aAdmin.get(`/organisations/${a.organisation.id}/akahu-webhooks`),
      akahuWebhookSchema,
    )
    expect(log.data.map((row) => row.type)).toContain('TOKEN.DELETE')
    expect(log.data.filter((row) => row.type === 'TOKEN.DELETE' && row.error === null)).toHaveLength(1)
    expect(JSON.stringify(log.data)).not.toContain('user_token_revoked')
    expect((await bAdmin.get(`/organisations/${a.organisation.id}/akahu-webhooks`)).status).toBe(404)
  })

  it('lists only the organisation’s own events, filtered, with no secrets; Reprocess a failed one, audited, by admins', async () => {
    const db = database.db
    const list = await readPage(
      await aAdmin.get(`/organisations/${a.organisation.id}/webhook-events?provider=kisi&per_page=100`),
      webhookEventSchema,
    )
    expect(list.data.length).toBeGreaterThan(0)
    expect(list.data.every((row) => row.provider === 'kisi')).toBe(true)
    // Newest first.
    const times = list.data.map((row) => row.received_at)
    expect([...times].sort().reverse()).toEqual(times)
    expect(JSON.stringify(list.data)).not.toContain('Member Name')
    const refusedOnly = await readPage(
      await aAdmin.get(`/organisations/${a.organisation.id}/webhook-events?result=refused`),
      webhookEventSchema,
    )
    expect(refusedOnly.data.every((row) => row.result === 'refused' && !row.signature_verified)).toBe(true)
    const types = await readJson(
      await aAdmin.get(`/organisations/${a.organisation.id}/webhook-event-types`),
      webhookTypesSchema,
    )
    expect(types.data).toContain('lock.unlock')

    // B sees none of A's, and A's list is not B's to read.
    const bList = await readPage(
      await bAdmin.get(`/organisations/${b.organisation.id}/webhook-events`),
      webhookEventSchema,
    )
    expect(bList.data).toHaveLength(0)
    expect((await bAdmin.get(`/organisations/${a.organisation.id}/webhook-events`)).status).toBe(404)

    // A failed event: an account update for a gym whose account the provider no longer answers for.
    const [failed] = await db
      .insert(webhookEvents)
      .values({
        provider: 'stripe',
        eventId: 'evt_failed_once',
        type: 'payment_intent.succeeded',
        payload: {
          id: 'evt_failed_once',
          data: { object: { id: 'pi_never', client_secret: 'pi_never_secret_x' } },
        },
        receivedAt: now,
        result: 'failed',
        error: 'Stripe did not answer',
        attempts: 5,
        organisationId: a.organisation.id,
      })
      .returning()
    if (!failed) throw new Error('not stored')
    const shown = await readPage(
      await aAdmin.get(`/organisations/${a.organisation.id}/webhook-events?result=failed`),
      webhookEventSchema,
    )
    expect(JSON.stringify(shown.data)).not.toContain('pi_never_secret_x')
    expect(
      (await bAdmin.post(`/organisations/${a.organisation.id}/webhook-events/${failed.id}/reprocess`)).status,
    ).toBe(404)
    expect(
      (await bAdmin.post(`/organisations/${b.organisation.id}/webhook-events/${failed.id}/reprocess`)).status,
    ).toBe(404)
    const reprocessed = await readData(
      await aAdmin.post(`/organisations/${a.organisation.id}/webhook-events/${failed.id}/reprocess`),
      webhookEventSchema,
    )
    expect(reprocessed.result).toBe('processed')
    expect(reprocessed.error).toBeNull()
    expect(reprocessed.attempts).toBe(6)
    const again = await aAdmin.post(
      `/organisations/${a.organisation.id}/webhook-events/${failed.id}/reprocess`,
    )
    expect(again.status).toBe(409)
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook_event.reprocessed'), eq(auditLog.subjectId, failed.id)))
    expect(audit).toHaveLength(1)

    // The browser tests' own failed events are made only where TEST_SUPPORT_ROUTES says so.
    expect(
      (await aAdmin.post(`/organisations/${a.organisation.id}/test-support/failed-webhook-events`)).status,
    ).toBe(404)
  })

  it('a flood of forged deliveries from one sender is all refused, and only the first thirty are kept', async () => {
    const body = JSON.stringify({ id: 'evt_flood', object: 'event', type: 'payment_intent.succeeded' })
    const before = await database.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.result, 'refused'))
    const flood = (ip: string) =>
      api.api.fetch(
        new Request('https://api.gymbase.test/api/webhooks/stripe', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Gymbase-Client-Ip': ip,
            'Stripe-Signature': 't=1,v1=forged',
          },
          body,
        }),
      )
    for (let sent = 0; sent < 40; sent += 1) expect((await flood('203.0.113.9')).status).toBe(400)
    // Another sender's refusal is still kept: a real provider's misconfigured secret shows on the screen.
    expect((await flood('203.0.113.10')).status).toBe(400)
    const after = await database.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.result, 'refused'))
    expect(after.length - before.length).toBe(31)
  })
})
