import { reprocessOnlyFailedMessage } from '~/contracts/webhooks'
import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import type { PaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { processWebhookEvent } from '~/server/webhooks/process-webhook.server'
import { findWebhookEvent } from './find-webhook-events.server'

/**
 * An organisation admin's Reprocess of a failed event: processed again now, through the same step the
 * queue runs (so an event that has since been processed is not done twice), and audited with what
 * came of it.
 */
export async function reprocessWebhookEvent(options: {
  db: Db
  payments: PaymentServices
  mailer: Mailer
  now: Date
  organisationId: number
  actorUserId: number
  webhookEventId: number
}) {
  const { db, organisationId } = options
  const event = await findWebhookEvent({ db, organisationId, id: options.webhookEventId })
  if (!event) throw new AppError('NOT_FOUND', 'Webhook event not found.')
  if (event.result !== 'failed') throw new AppError('CONFLICT', reprocessOnlyFailedMessage)
  const verdict = await processWebhookEvent({
    db,
    payments: options.payments,
    mailer: options.mailer,
    now: options.now,
    webhookEventId: event.id,
  })
  await recordAudit(db, {
    organisationId,
    actorUserId: options.actorUserId,
    action: 'webhook_event.reprocessed',
    subjectType: 'webhook_event',
    subjectId: event.id,
    changes: {
      provider: event.provider,
      type: event.type,
      result: { from: event.result, to: verdict.status === 'skipped' ? event.result : verdict.status },
    },
  })
  const after = await findWebhookEvent({ db, organisationId, id: event.id })
  if (!after) throw new AppError('NOT_FOUND', 'Webhook event not found.')
  return after
}
