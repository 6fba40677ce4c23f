import type { Db } from '~/db/client.server'
import type { MailAttachment } from '~/db/schema/mail'

export interface MailMessage {
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
}

/**
 * How services send e-mail: into the outbox (inside the caller's transaction when there is one) and
 * then on to delivery. The API wires the real one; tests keep messages in the outbox to read codes.
 */
export interface Mailer {
  send(options: {
    db: Db
    organisationId: number | null
    to: string
    message: MailMessage
    /** The member a notice is about: it is listed on their page (never set for codes or resets). */
    memberId?: number | null
  }): Promise<void>
  /** Many messages of one organisation at once (one outbox statement), each as `send` would send it. */
  sendMany(options: {
    db: Db
    organisationId: number | null
    messages: ReadonlyArray<{ to: string; message: MailMessage; memberId?: number | null }>
  }): Promise<void>
}
