import { and, asc, eq, sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { PgBoss, Queue } from 'pg-boss'
import type { DatabaseHandle, Db } from '~/db/client.server'
import { mailOutbox } from '~/db/schema'
import { getEnv } from '~/lib/env.server'
import { runningBoss } from '~/server/jobs/boss.server'
import { safeErrorMessage } from '~/server/loggable-error.server'
import { logger } from '~/server/logger.server'
import { type MailContent, withoutSentSecrets } from './templates.server'

/**
 * Mail goes out in two steps (DESIGN §3, §6):
 *
 * 1. `queueMail` writes the message to `mail_outbox` (status `pending`) with the caller's `db`, so a
 *    transaction that rolls back takes its mail with it.
 * 2. After the commit, `deliverSoon` asks pg-boss to deliver it: the job carries `{ outboxId }` only,
 *    never content. The `mail.deliver` worker (`deliverMail`) sends it over SMTP, or, without
 *    `SMTP_URL`, marks it `kept` (read it with `npm run mail`).
 *
 * Why not one transactional call (pg-boss can insert its job through the caller's transaction): it needs
 * a started pg-boss in every process and transaction that sends mail, and on PGlite (one connection) any
 * query pg-boss makes outside that transaction (a queue-cache miss, a start) waits for it to end, a
 * deadlock. Instead the outbox row is the source of truth: if the process stops between commit and
 * `deliverSoon`, or no job queue runs in it, the `mail.sweep` job (at worker start and every minute)
 * enqueues every row still `pending`. The deliver queue is `exclusive` with the outbox id as singleton
 * key, so a row never has two live jobs.
 */

export const MAIL_DELIVER_QUEUE = 'mail.deliver'
export const MAIL_SWEEP_QUEUE = 'mail.sweep'

/** pg-boss retries after the first attempt; the outbox row gives up after `MAIL_MAX_ATTEMPTS` sends. */
export const MAIL_RETRY_LIMIT = 5
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_LIMIT + 1

/** Retries 10 s, 20 s, 40 s, 80 s, 160 s after the failures (pg-boss adds jitter). */
export const mailQueues: Queue[] = [
  {
    name: MAIL_DELIVER_QUEUE,
    policy: 'exclusive',
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 120,
    // Finished jobs hold only an id; keep them a week for inspection.
    deleteAfterSeconds: 7 * 24 * 3600,
  },
  { name: MAIL_SWEEP_QUEUE, policy: 'singleton', retryLimit: 0, expireInSeconds: 120 },
]

export type MailMessage = MailContent

export interface MailDeliverJob {
  outboxId: number
}

/** What `deliverMail` needs of a nodemailer transporter (a test can pass its own). */
export interface MailTransport {
  sendMail(message: {
    from: string
    to: string
    subject: string
    html: string
    text: string
    attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
  }): Promise<unknown>
}

/** Writes a message to the outbox as `pending` and returns its id. Pass a transaction as `db` to tie it to a change. */
export async function queueMail({
  db,
  organisationId,
  to,
  message,
  memberId,
}: {
  db: Db
  /** Null for platform mail that belongs to no organisation. */
  organisationId: number | null
  to: string
  message: MailMessage
  memberId?: number | null | undefined
}): Promise<number> {
  const [id] = await queueMails({ db, organisationId, messages: [{ to, message, memberId }] })
  if (id === undefined) throw new Error('The outbox insert returned no row')
  return id
}

/**
 * Many messages of one organisation into the outbox in one statement (a notice to each of 2,000
 * members), as `queueMail` writes each; their ids in the order given.
 */
export async function queueMails({
  db,
  organisationId,
  messages,
}: {
  db: Db
  organisationId: number | null
  messages: ReadonlyArray<{ to: string; message: MailMessage; memberId?: number | null | undefined }>
}): Promise<number[]> {
  if (messages.length === 0) return []
  const rows = await db
    .insert(mailOutbox)
    .values(
      messages.map(({ to, message, memberId }) => ({
        organisationId,
        to,
        memberId: memberId ?? null,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments ?? [],
      })),
    )
    .returning({ id: mailOutbox.id })
  if (rows.length !== messages.length) throw new Error('The outbox insert returned too few rows')
  return rows.map((row) => row.id)
}

function singletonKey(outboxId: number): string {
  return `outbox-${outboxId}`
}

async function enqueueDelivery(boss: PgBoss, outboxId: number): Promise<string | null> {
  const data: MailDeliverJob = { outboxId }
  return boss.send(MAIL_DELIVER_QUEUE, data, { singletonKey: singletonKey(outboxId) })
}

/**
 * Asks this process's job queue to deliver an outbox row. Best called after the transaction that wrote
 * the row has committed. It resolves at once, without waiting for the enqueue, and never rejects:
 *
 * - Called inside the transaction anyway, it cannot deadlock: on PGlite (one connection) the enqueue
 *   simply runs once the transaction ends; on PostgreSQL a worker that looks before the commit finds
 *   no row and the job is retried (10 s later), and a rolled-back row's job retries until it gives up.
 * - Without a job queue in this process (tests, scripts), or when enqueueing fails, the row stays
 *   `pending` and the next sweep (at worker start and every minute) enqueues it.
 */
export function deliverSoon({
  handle,
  outboxId,
}: {
  handle: DatabaseHandle
  outboxId: number
}): Promise<void> {
  const starting = runningBoss(handle)
  if (!starting) {
    logger.debug({ outboxId }, 'no job queue in this process; the mail waits in the outbox for a sweep')
    return Promise.resolve()
  }
  void starting
    .then((boss) => enqueueDelivery(boss, outboxId))
    .catch((error: unknown) => {
      logger.warn(
        { outboxId, err: { message: errorMessage(error) } },
        'could not enqueue mail delivery; the sweep will retry',
      )
    })
  return Promise.resolve()
}

/**
 * `deliverSoon` for many outbox rows: one insert of their jobs into the deliver queue (each with its
 * row's singleton key, as `deliverSoon` sends it). The same promises: it never rejects, and rows whose
 * jobs could not be enqueued wait for the sweep.
 */
export function deliverManySoon({
  handle,
  outboxIds,
}: {
  handle: DatabaseHandle
  outboxIds: readonly number[]
}): Promise<void> {
  if (outboxIds.length === 0) return Promise.resolve()
  const starting = runningBoss(handle)
  if (!starting) {
    logger.debug(
      { count: outboxIds.length },
      'no job queue in this process; the mail waits in the outbox for a sweep',
    )
    return Promise.resolve()
  }
  const jobs = outboxIds.map((outboxId) => {
    const data: MailDeliverJob = { outboxId }
    return { data, singletonKey: singletonKey(outboxId) }
  })
  void starting
    .then((boss) => boss.insert(MAIL_DELIVER_QUEUE, jobs))
    .catch((error: unknown) => {
      logger.warn(
        { count: outboxIds.length, err: { message: errorMessage(error) } },
        'could not enqueue mail deliveries; the sweep will retry',
      )
    })
  return Promise.resolve()
}

/** Enqueues delivery of every `pending` row (those with a live job are skipped by the exclusive queue). */
export async function sweepMailOutbox({ db, boss }: { db: Db; boss: PgBoss }): Promise<number> {
  const pending = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .orderBy(asc(mailOutbox.id))
    .limit(1000)
  let enqueued = 0
  for (const { id } of pending) {
    if (await enqueueDelivery(boss, id)) enqueued += 1
  }
  if (enqueued > 0) logger.info({ enqueued }, 'mail sweep enqueued pending outbox rows')
  return enqueued
}

/** A transport for `SMTP_URL`, or null when it is unset (mail is then kept in the outbox). */
export function createMailTransport(smtpUrl: string | undefined = getEnv().SMTP_URL): MailTransport | null {
  return smtpUrl ? createTransport(smtpUrl) : null
}

export type DeliveryOutcome = 'sent' | 'kept' | 'skipped' | 'missing'

export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError'
}

/** An error's message, cut to 1000 characters, for `last_error` and job output. */
export function errorMessage(error: unknown): string {
  return safeErrorMessage(error)
}

/**
 * The `mail.deliver` worker. Sends one outbox row and records the outcome on it. Rows no longer
 * `pending` (sent, kept, failed) are left alone, so a duplicate job is harmless. On an SMTP error it
 * counts the attempt, stores the error message (never the content) and throws so pg-boss retries; the
 * attempt that reaches `maxAttempts` marks the row `failed`.
 */
export async function deliverMail({
  db,
  outboxId,
  transport,
  from = getEnv().MAIL_FROM,
  maxAttempts = MAIL_MAX_ATTEMPTS,
}: {
  db: Db
  outboxId: number
  /** Null: SMTP is not configured, keep the message in the outbox. */
  transport: MailTransport | null
  from?: string
  maxAttempts?: number
}): Promise<DeliveryOutcome> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId))
  if (!row) {
    logger.warn({ outboxId }, 'mail delivery for a missing outbox row')
    return 'missing'
  }
  if (row.status !== 'pending') {
    logger.debug({ outboxId, status: row.status }, 'mail already settled')
    return 'skipped'
  }
  const stillPending = and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'pending'))

  if (!transport) {
    await db.update(mailOutbox).set({ status: 'kept' }).where(stillPending)
    logger.info(
      { outboxId, status: 'kept' },
      'mail kept in the outbox (SMTP_URL unset); read it with npm run mail',
    )
    return 'kept'
  }

  try {
    await transport.sendMail({
      from,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      attachments: row.attachments.map((attachment) => ({
        filename: attachment.filename,
        content: Buffer.from(attachment.contentBase64, 'base64'),
        contentType: attachment.contentType,
      })),
    })
  } catch (error) {
    const message = errorMessage(error)
    const [updated] = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: message,
        status: sql`case when ${mailOutbox.attempts} + 1 >= ${maxAttempts} then 'failed' else 'pending' end`,
      })
      .where(stillPending)
      .returning({ attempts: mailOutbox.attempts, status: mailOutbox.status })
    const attempt = updated?.attempts ?? row.attempts + 1
    const status = updated?.status ?? row.status
    logger.warn({ outboxId, status, attempt }, 'mail delivery failed')
    throw new MailDeliveryError(`Delivery of outbox row ${outboxId} failed (attempt ${attempt}): ${message}`)
  }

  const [updated] = await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      // Delivered: the code and the links' tokens are not kept (ADR 057).
      ...withoutSentSecrets(row),
    })
    .where(stillPending)
    .returning({ attempts: mailOutbox.attempts })
  logger.info({ outboxId, status: 'sent', attempt: updated?.attempts ?? row.attempts + 1 }, 'mail sent')
  return 'sent'
}
