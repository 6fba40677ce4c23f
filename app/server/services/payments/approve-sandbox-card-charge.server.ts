import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { logger } from '~/server/logger.server'
import { completeSandboxCardAction } from '~/server/providers/payments/sandbox-ledger.server'
import type { PaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import { processWebhookEvent } from '~/server/webhooks/process-webhook.server'
import { storeWebhookEvent } from '~/server/webhooks/receive-webhook.server'
import type { Mailer } from '../auth/mailer'

/**
 * The sandbox bank's check of an on-session card charge (what Stripe.js `handleNextAction` shows the
 * member): approved, the charge succeeds; not, it fails. Its outcome then goes as Stripe sends it, a
 * `payment_intent.succeeded` or `payment_intent.payment_failed` event through the webhooks pipeline
 * (stored once, processed at once because the member is waiting), which records the payment as a
 * Stripe delivery would. A 404 in words when no charge with this secret is waiting.
 */
export async function approveSandboxCardCharge(options: {
  db: Db
  payments: PaymentServices
  mailer: Mailer
  clientSecret: string
  approved: boolean
  now: Date
}): Promise<'succeeded' | 'failed'> {
  const { db, now } = options
  const done = await completeSandboxCardAction(options)
  if (!done) throw notWaiting()
  const { row } = done
  // A charge no longer waiting (cancelled, or answered before) answers as it ended: no second event.
  if (row.status === 'pending') throw notWaiting()
  if (!done.changed) return row.status
  const type = row.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed'
  const stored = await storeWebhookEvent({
    db,
    provider: 'stripe',
    eventId: `evt_sandbox_${row.reference}`,
    type,
    payload: {
      id: `evt_sandbox_${row.reference}`,
      object: 'event',
      type,
      livemode: false,
      created: Math.floor(now.getTime() / 1000),
      data: {
        object: {
          id: row.reference,
          object: 'payment_intent',
          amount: row.amount,
          currency: row.currency,
          status: row.status === 'succeeded' ? 'succeeded' : 'requires_payment_method',
          metadata: { ...row.metadata, on_session: 'true' },
          last_payment_error:
            row.status === 'failed' ? { code: row.errorStatus, message: row.errorDescription } : null,
        },
      },
    },
    now,
  })
  const processed = await processWebhookEvent({ ...options, webhookEventId: stored.row.id })
  // The event stays `failed` for the queue's retry; the page's confirmation reads the charge itself.
  if (processed.status === 'failed')
    logger.warn({ webhookEventId: stored.row.id }, 'sandbox card approval event not processed yet')
  return row.status
}

const notWaiting = () => new AppError('NOT_FOUND', 'This payment is no longer waiting for approval.')
