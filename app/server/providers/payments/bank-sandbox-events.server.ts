import type { PaymentStatus, PaymentStatusCode } from 'akahu'
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { PgBoss, Queue } from 'pg-boss'
import type { DatabaseHandle } from '~/db/client.server'
import { sandboxCharges } from '~/db/schema'
import { reportingFailures } from '~/server/error-reporting.server'
import { logger } from '~/server/logger.server'
import { akahuEventId } from '~/server/webhooks/verify-webhook.server'
import { acceptWebhookEvent } from '~/server/webhooks/webhook-jobs.server'
import { sandboxBankAccount } from './bank-sandbox.server'

/**
 * The sandbox bank's webhooks (issue 26 point 5: the sandboxes emit their events through the same
 * pipeline). Akahu tells us a payment moved with a `PAYMENT.UPDATE` event; the sandbox does the same: a
 * run every minute finds its pending payments whose settle time has passed and accepts one Akahu-shaped
 * event for each into the webhook pipeline, as `POST /api/webhooks/akahu` does for a verified delivery.
 * Processing it settles the payment as for Akahu: `handleAkahu` reads the payment's final status with
 * `pollCharge` (the first poll at or after the settle time settles the sandbox's charge) and records it
 * with `recordChargeResult`. The engine's own poll stays, as with Akahu: whichever comes first settles
 * the payment, and the other finds it settled.
 *
 * An event goes once: `event_sent_at` marks it, and its id is Akahu's, the body's hash, so a run that
 * died between storing and marking stores nothing new when it runs again. A payment a poll settled
 * before this run saw it due (the demo's history and the simulations run the engine with their own clock,
 * far ahead of this run's) gets no event: its change was read already.
 */

export const SANDBOX_BANK_EVENTS_QUEUE = 'sandbox.bank-events'

/** One run at a time; a lost run is made good by the next minute's. */
export const sandboxBankEventQueues: Queue[] = [
  {
    name: SANDBOX_BANK_EVENTS_QUEUE,
    policy: 'singleton',
    retryLimit: 1,
    retryDelay: 60,
    expireInSeconds: 600,
  },
]

/** Akahu's reason codes for the sandbox's failures (the reverse of `akahuChargeResult`'s reading). */
const statusCodes: Record<string, PaymentStatusCode> = {
  invalid_account: 'INVALID_ACCOUNT',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  bank_error: 'BANK_ERROR',
}

/**
 * A settled sandbox payment as Akahu's `PAYMENT.UPDATE` webhook body (SDK `PaymentUpdatePayload`,
 * PROVIDERS.md §2): `item_id` is the payment, `status` `SENT` or `DECLINED` with its reason code. The
 * `state` is the one the sandbox subscribed with: it names no consent of ours.
 */
export function sandboxBankPaymentUpdate(charge: { reference: string; testValue: string | null }) {
  const outcome = sandboxBankAccount(charge.testValue ?? '').outcome
  const status: PaymentStatus = outcome.status === 'succeeded' ? 'SENT' : 'DECLINED'
  return {
    webhook_type: 'PAYMENT',
    webhook_code: 'UPDATE',
    state: 'sandbox_bank',
    item_id: charge.reference,
    status,
    ...(outcome.status === 'failed'
      ? {
          status_code: statusCodes[outcome.errorStatus] ?? 'BANK_ERROR',
          status_text: outcome.errorDescription,
        }
      : { status_text: 'The payment was sent.' }),
  }
}

/**
 * Accepts the `PAYMENT.UPDATE` of each pending sandbox bank payment due to settle by `now` whose event
 * was not sent yet (up to `limit`, the longest due first). Answers the events accepted; a redelivery of
 * one stored before is not among them.
 */
export async function sendDueSandboxBankEvents(options: {
  handle: DatabaseHandle
  now: Date
  limit?: number
}): Promise<{ webhookEventId: number; reference: string }[]> {
  const { handle, now } = options
  const db = handle.db
  const due = await db
    .select({
      id: sandboxCharges.id,
      reference: sandboxCharges.reference,
      testValue: sandboxCharges.testValue,
    })
    .from(sandboxCharges)
    .where(
      and(
        eq(sandboxCharges.kind, 'bank'),
        eq(sandboxCharges.status, 'pending'),
        isNull(sandboxCharges.eventSentAt),
        lte(sandboxCharges.settlesAt, now),
      ),
    )
    .orderBy(asc(sandboxCharges.settlesAt), asc(sandboxCharges.id))
    .limit(options.limit ?? 500)
  const sent: { webhookEventId: number; reference: string }[] = []
  for (const charge of due) {
    const body = JSON.stringify(sandboxBankPaymentUpdate(charge))
    const accepted = await acceptWebhookEvent({
      handle,
      provider: 'akahu',
      eventId: akahuEventId(body),
      type: 'PAYMENT.UPDATE',
      payload: JSON.parse(body),
      now,
    })
    if (!accepted.duplicate) sent.push({ webhookEventId: accepted.row.id, reference: charge.reference })
  }
  if (due.length > 0) {
    await db
      .update(sandboxCharges)
      .set({ eventSentAt: now })
      .where(
        inArray(
          sandboxCharges.id,
          due.map((charge) => charge.id),
        ),
      )
  }
  return sent
}

/**
 * The run every minute, started only while bank payments go through the sandbox (Akahu sends its own),
 * and with the billing jobs: during the demo's history, events at the real time would settle the
 * history's payments out of their day.
 */
export async function startSandboxBankEventWorkers(options: {
  boss: PgBoss
  handle: DatabaseHandle
  pollingIntervalSeconds: number
}) {
  const { boss, handle, pollingIntervalSeconds } = options
  await boss.work(
    SANDBOX_BANK_EVENTS_QUEUE,
    { pollingIntervalSeconds },
    reportingFailures(SANDBOX_BANK_EVENTS_QUEUE, async () => {
      const sent = await sendDueSandboxBankEvents({ handle, now: new Date() })
      if (sent.length > 0) logger.info({ sent: sent.length }, 'sandbox bank events sent')
    }),
  )
  await boss.schedule(SANDBOX_BANK_EVENTS_QUEUE, '* * * * *')
  await boss.send(SANDBOX_BANK_EVENTS_QUEUE, null)
}
