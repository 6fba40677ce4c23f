import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { mailStatuses } from '~/contracts/enums'
import { createdAt, id, instant, isOneOf } from './columns'
import { organisations } from './organisations'
import { users } from './users'

export interface MailAttachment {
  filename: string
  contentType: string
  contentBase64: string
}

/**
 * Every e-mail goes through this outbox: written in the same transaction as the change that causes it,
 * delivered by a job. Without SMTP configured it stays here, which is how the sandbox "sends" mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    // Nullable: platform mail (e.g. operator alerts) belongs to no organisation.
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    /**
     * The member a notice is about (a receipt, a pause, a price change): their page lists it. Null for
     * sign-in codes, resets and staff mail, which never show there.
     */
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Files sent with the message (a membership agreement's PDF), base64, small by design. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt),
    index('mail_outbox_organisation_created_at_idx').on(t.organisationId, t.createdAt),
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_member_created_at_idx').on(t.memberId, t.createdAt),
    check('mail_outbox_status_check', isOneOf(t.status, mailStatuses)),
    check('mail_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
)
