import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, webhookEvents } from '~/db/schema'

/**
 * A few provider events on the demo's webhooks screen from the first visit (issue 26 point 6): what a
 * gym on real keys sees in its first days — its card account enabled, a bank payment update, a Stripe
 * event whose processing failed (to reprocess), and a delivery refused for its signature. Door taps
 * made in the demo add their own through the pipeline (`tapDoor`).
 */
export async function seedDemoWebhookEvents(options: { db: Db; now: Date; organisationId: number }) {
  const { db, now, organisationId } = options
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
  const [gym] = await db
    .select({ id: gyms.id, stripeId: gyms.stripeId })
    .from(gyms)
    .where(eq(gyms.organisationId, organisationId))
    .orderBy(asc(gyms.id))
    .limit(1)
  const account = gym?.stripeId ?? 'acct_demo'
  await db.insert(webhookEvents).values([
    {
      provider: 'stripe',
      eventId: `evt_demo_${randomUUID().slice(0, 8)}`,
      type: 'account.updated',
      payload: {
        id: 'evt_demo_account',
        object: 'event',
        type: 'account.updated',
        account,
        livemode: false,
        data: { object: { id: account, object: 'account', charges_enabled: true, payouts_enabled: true } },
      },
      receivedAt: minutesAgo(300),
      processedAt: minutesAgo(300),
      result: 'processed',
      attempts: 1,
      note: `Gym ${gym?.id ?? ''}: charges enabled, payouts enabled.`,
      organisationId,
    },
    {
      provider: 'akahu',
      eventId: `sha256:demo-${randomUUID()}`,
      type: 'PAYMENT.UPDATE',
      payload: {
        webhook_type: 'PAYMENT',
        webhook_code: 'UPDATE',
        state: 'bank_connection:demo',
        item_id: 'payment_demo_settled',
        status: 'SENT',
        status_text: 'Payment sent',
      },
      receivedAt: minutesAgo(180),
      processedAt: minutesAgo(180),
      result: 'processed',
      attempts: 1,
      note: 'No payment of ours has the reference payment_demo_settled.',
      organisationId,
    },
    failedStripeEvent({ account, reference: 'pi_demo_retry', receivedAt: minutesAgo(90), organisationId }),
    {
      provider: 'kisi',
      eventId: `refused:${randomUUID()}`,
      type: 'lock.unlock',
      payload: { uuid: randomUUID(), type: 'lock.unlock', object_type: 'Lock', success: true },
      receivedAt: minutesAgo(45),
      signatureVerified: false,
      result: 'refused',
      error: 'The X-Signature does not match this body and the signing key.',
      organisationId,
    },
  ])
}

/**
 * A Stripe event whose processing failed (Stripe did not answer), as a gym on real keys meets one: the
 * demo's, and the browser test's own (`POST /api/organisations/{id}/test-support/failed-webhook-events`),
 * so a rerun of that test against the same data has one to reprocess. Reprocessed, it finds no payment
 * of ours with `reference` and is processed.
 */
function failedStripeEvent(options: {
  account: string
  reference: string
  receivedAt: Date
  organisationId: number
}): typeof webhookEvents.$inferInsert {
  const { account, reference } = options
  return {
    provider: 'stripe',
    eventId: `evt_demo_${randomUUID().slice(0, 8)}`,
    type: 'payment_intent.succeeded',
    payload: {
      id: `evt_demo_${reference}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      account,
      livemode: false,
      data: {
        object: {
          id: reference,
          object: 'payment_intent',
          amount: 2500,
          currency: 'nzd',
          client_secret: `${reference}_secret_demo`,
          status: 'succeeded',
        },
      },
    },
    receivedAt: options.receivedAt,
    result: 'failed',
    attempts: 5,
    error: 'Stripe did not answer in time (connect ETIMEDOUT).',
    organisationId: options.organisationId,
  }
}

/** One more failed Stripe event for the organisation, received now, naming a PaymentIntent of its own. */
export async function recordFailedDemoWebhookEvent(options: { db: Db; now: Date; organisationId: number }) {
  const { db, organisationId } = options
  const [gym] = await db
    .select({ stripeId: gyms.stripeId })
    .from(gyms)
    .where(eq(gyms.organisationId, organisationId))
    .orderBy(asc(gyms.id))
    .limit(1)
  const [row] = await db
    .insert(webhookEvents)
    .values(
      failedStripeEvent({
        account: gym?.stripeId ?? 'acct_demo',
        reference: `pi_demo_retry_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
        receivedAt: options.now,
        organisationId,
      }),
    )
    .returning()
  if (!row) throw new Error('Failed webhook event not recorded')
  return row
}
