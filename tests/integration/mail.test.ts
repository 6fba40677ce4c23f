import type { AddressInfo } from 'node:net'
import { eq, inArray } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { mailOutbox } from '~/db/schema'
import { getBoss, runningBoss, stopBoss } from '~/server/jobs/boss.server'
import { startWorkers } from '~/server/jobs/queues.server'
import {
  createMailTransport,
  deliverMail,
  deliverSoon,
  MAIL_MAX_ATTEMPTS,
  queueMail,
} from '~/server/mail/send-mail.server'
import { twoFactorCodeMail } from '~/server/mail/templates.server'
import { createTestOrganisation } from '../factories/organisation-factory'
import { describeEachDatabase } from './support/database'

/** A real SMTP server on a random local port that parses what it receives; `reject@…` recipients get a 550. */
interface TestSmtp {
  url: string
  received: ParsedMail[]
  close(): Promise<void>
}

async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject@')) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
        callback(error)
        return
      }
      callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('test SMTP server', () => {
  it('is reachable (sanity check for the tests below)', async () => {
    const smtp = await startTestSmtp()
    await smtp.close()
    expect(smtp.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)
  })
})

describeEachDatabase('mail outbox', (database) => {
  let smtp: TestSmtp
  let organisationId: number
  let organisationName: string

  beforeAll(async () => {
    smtp = await startTestSmtp()
    const { organisation } = await createTestOrganisation({ db: database.db })
    organisationId = organisation.id
    organisationName = organisation.name
  })

  afterAll(async () => {
    await smtp?.close()
  })

  const loadRow = async (id: number) => {
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
    if (!row) throw new Error(`No outbox row ${id}`)
    return row
  }

  const message = (recipientName = 'Aroha') =>
    twoFactorCodeMail({ organisationName, recipientName, code: '482913' })

  it('queueMail writes a pending row, inside a transaction too', async () => {
    const id = await queueMail({
      db: database.db,
      organisationId,
      to: 'aroha@example.nz',
      message: message(),
    })
    const row = await loadRow(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 0, to: 'aroha@example.nz', organisationId })
    expect(row.text).toContain('482913')

    const inTransaction = await database.db.transaction(async (tx) =>
      queueMail({ db: tx, organisationId, to: 'tx@example.nz', message: message() }),
    )
    expect((await loadRow(inTransaction)).status).toBe('pending')

    let rolledBack: number | undefined
    await expect(
      database.db.transaction(async (tx) => {
        rolledBack = await queueMail({ db: tx, organisationId, to: 'gone@example.nz', message: message() })
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    const gone = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, rolledBack ?? -1))
    expect(gone).toEqual([])
  })

  it('deliverMail without SMTP keeps the message in the outbox and does not fail', async () => {
    const id = await queueMail({ db: database.db, organisationId, to: 'kept@example.nz', message: message() })
    await expect(deliverMail({ db: database.db, outboxId: id, transport: null })).resolves.toBe('kept')
    expect(await loadRow(id)).toMatchObject({ status: 'kept', attempts: 0, sentAt: null })
    // A second job for the same row changes nothing.
    await expect(deliverMail({ db: database.db, outboxId: id, transport: null })).resolves.toBe('skipped')
  })

  it('deliverMail sends over SMTP with HTML and text parts and marks the row sent', async () => {
    const id = await queueMail({ db: database.db, organisationId, to: 'sent@example.nz', message: message() })
    const transport = createMailTransport(smtp.url)
    const before = smtp.received.length
    await expect(
      deliverMail({ db: database.db, outboxId: id, transport, from: 'Gymbase <no-reply@gymbase.localhost>' }),
    ).resolves.toBe('sent')

    const row = await loadRow(id)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    expect(row.sentAt).toBeInstanceOf(Date)

    const mail = smtp.received[before]
    expect(mail).toBeDefined()
    expect(mail?.subject).toBe(`Your sign-in code for ${organisationName}`)
    expect(mail?.from?.text).toContain('no-reply@gymbase.localhost')
    expect(mail?.html).toContain('482913')
    expect(mail?.html).toContain(organisationName)
    expect(mail?.text).toContain('482913')
    expect(mail?.text).toContain(`Sent by Gymbase on behalf of ${organisationName}`)
  })

  it('an SMTP failure counts the attempt, records the error and throws; the last attempt marks it failed', async () => {
    const id = await queueMail({
      db: database.db,
      organisationId,
      to: 'reject@example.nz',
      message: message(),
    })
    const transport = createMailTransport(smtp.url)

    await expect(deliverMail({ db: database.db, outboxId: id, transport })).rejects.toThrow(/550/)
    let row = await loadRow(id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null })
    expect(row.lastError).toMatch(/550/)
    expect(row.lastError).not.toContain('482913')

    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await expect(deliverMail({ db: database.db, outboxId: id, transport })).rejects.toThrow()
    }
    row = await loadRow(id)
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS })
    await expect(deliverMail({ db: database.db, outboxId: id, transport })).resolves.toBe('skipped')
  })

  it('delivered mail escapes HTML in names', async () => {
    const id = await queueMail({
      db: database.db,
      organisationId,
      to: 'escape@example.nz',
      message: message('<script>alert(1)</script>'),
    })
    const before = smtp.received.length
    await deliverMail({ db: database.db, outboxId: id, transport: createMailTransport(smtp.url) })
    const mail = smtp.received[before]
    expect(mail?.html).not.toContain('<script>')
    expect(mail?.html).toContain('&lt;script&gt;')
    expect(mail?.text).toContain('<script>alert(1)</script>')
  })

  it('deliverSoon without a job queue in the process leaves the row pending', async () => {
    const handle: DatabaseHandle = { db: database.db, driver: database.driver, close: async () => {} }
    expect(runningBoss(handle)).toBeUndefined()
    const id = await queueMail({
      db: database.db,
      organisationId,
      to: 'later@example.nz',
      message: message(),
    })
    await deliverSoon({ handle, outboxId: id })
    expect((await loadRow(id)).status).toBe('pending')
  })

  it('pg-boss delivers queued mail through the workers (and the sweep picks up rows left pending)', async () => {
    const handle: DatabaseHandle = { db: database.db, driver: database.driver, close: async () => {} }
    // Rows left pending by the tests above would be swept into the test SMTP server too; settle them.
    await database.db.update(mailOutbox).set({ status: 'kept' }).where(eq(mailOutbox.status, 'pending'))
    const leftPending = await queueMail({
      db: database.db,
      organisationId,
      to: 'swept@example.nz',
      message: message(),
    })
    try {
      // Measured: pg-boss start (schema install included) 0.1–0.5 s, queue → sent ≈ 0.6 s on both databases.
      await startWorkers({
        handle,
        mailTransport: createMailTransport(smtp.url),
        pollingIntervalSeconds: 0.5,
      })
      expect(await getBoss(handle)).toBe(await runningBoss(handle))

      const id = await database.db.transaction(async (tx) =>
        queueMail({ db: tx, organisationId, to: 'boss@example.nz', message: message() }),
      )
      await deliverSoon({ handle, outboxId: id })
      const sent = await waitFor(async () => {
        const row = await loadRow(id)
        return row.status === 'sent' ? row : undefined
      }, 15_000)
      expect(sent.attempts).toBe(1)
      expect(
        smtp.received.some(
          (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === 'boss@example.nz',
        ),
      ).toBe(true)

      // The sweep sent at worker start enqueued the row that never had a job.
      await waitFor(async () => ((await loadRow(leftPending)).status === 'sent' ? true : undefined), 15_000)

      // Called inside the transaction (as a mailer handed the transaction would), it neither deadlocks
      // PGlite's single connection nor loses the mail on PostgreSQL.
      const insideTransaction = await database.db.transaction(async (tx) => {
        const outboxId = await queueMail({
          db: tx,
          organisationId,
          to: 'inside@example.nz',
          message: message(),
        })
        await deliverSoon({ handle, outboxId })
        return outboxId
      })
      await waitFor(
        async () => ((await loadRow(insideTransaction)).status === 'sent' ? true : undefined),
        15_000,
      )

      // A burst larger than one fetch is not spaced out by the polling interval.
      const burst = await database.db.transaction(async (tx) => {
        const ids: number[] = []
        for (let n = 0; n < 25; n += 1) {
          ids.push(
            await queueMail({ db: tx, organisationId, to: `burst${n}@example.nz`, message: message() }),
          )
        }
        return ids
      })
      const burstStarted = performance.now()
      for (const outboxId of burst) await deliverSoon({ handle, outboxId })
      await waitFor(async () => {
        const rows = await database.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, burst))
        return rows.every((row) => row.status === 'sent') ? true : undefined
      }, 15_000)
      expect(performance.now() - burstStarted).toBeLessThan(10_000)
    } finally {
      await stopBoss(handle)
    }
    expect(runningBoss(handle)).toBeUndefined()
  }, 60_000)
})
