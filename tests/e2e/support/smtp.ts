import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server for the browser tests (started by the global setup): the app delivers its mail
 * to it over SMTP, and each message lands as JSON in the mailbox folder the tests read.
 */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125)
export const mailboxDirectory = join(process.cwd(), 'test-results', 'mailbox')

export function startSmtpServer(): Promise<() => Promise<void>> {
  mkdirSync(mailboxDirectory, { recursive: true })
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received += 1
          const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase())
          const file = join(mailboxDirectory, `${Date.now()}-${process.pid}-${received}.json`)
          // Written beside it, then renamed: a test reading the mailbox sees a whole mail or none.
          writeFileSync(
            `${file}.part`,
            JSON.stringify({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              attachments: mail.attachments.map((attachment) => ({
                filename: attachment.filename ?? '',
                contentType: attachment.contentType,
                size: attachment.size,
              })),
              receivedAt: new Date().toISOString(),
            }),
          )
          renameSync(`${file}.part`, file)
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(smtpPort, '127.0.0.1', () => {
      resolve(() => new Promise<void>((done) => server.close(() => done())))
    })
  })
}
