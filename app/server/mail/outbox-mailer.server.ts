import type { DatabaseHandle } from '~/db/client.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { deliverManySoon, deliverSoon, queueMail, queueMails } from './send-mail.server'

/**
 * The mailer services use: the message goes into the outbox through the caller's `db` (a transaction
 * when there is one), then the job queue is asked to deliver it. Without a running queue in this
 * process the message waits in the outbox for the sweep.
 */
export function createOutboxMailer(handle: DatabaseHandle): Mailer {
  return {
    async send({ db, organisationId, to, message, memberId }) {
      const outboxId = await queueMail({ db, organisationId, to, message, memberId })
      await deliverSoon({ handle, outboxId })
    },
    async sendMany({ db, organisationId, messages }) {
      const outboxIds = await queueMails({ db, organisationId, messages })
      await deliverManySoon({ handle, outboxIds })
    },
  }
}
