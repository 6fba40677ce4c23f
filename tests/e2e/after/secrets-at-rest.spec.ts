import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { findSecrets } from '../../../app/server/security/secret-scan.server'
import { consoleUrl, serverLogFile } from '../../../playwright.config'
import type { ReceivedMail } from '../support/mailbox'
import { mailboxDirectory } from '../support/smtp'

/**
 * Issue 30, point 6 (ADR 057): after every browser test has run (this project depends on the others,
 * playwright.config.ts), nothing secret is at rest. The one-time codes and link tokens that went out by
 * e-mail during the run, card numbers (Luhn-valid, in the schemes' ranges) and provider key shapes are
 * looked for in the server's log, in the outbox and in every text and JSON column of the database.
 * The scanner finds each kind when planted: tests/unit/server/secret-scan.test.ts.
 */

function sentMail(): ReceivedMail[] {
  if (!existsSync(mailboxDirectory)) return []
  return readdirSync(mailboxDirectory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(mailboxDirectory, file), 'utf8')) as ReceivedMail)
}

/** The six-digit codes in the mails that give a code, as they were sent. */
function codesSent(mails: ReceivedMail[]): string[] {
  return [
    ...new Set(
      mails
        .filter((mail) => /\bcode\b/i.test(mail.text))
        .flatMap((mail) => [...mail.text.matchAll(/(?<!\d)(\d{6})(?!\d)/g)].map((match) => match[1] ?? '')),
    ),
  ].filter(Boolean)
}

/** The tokens the links in the mails carry: every long opaque value of a query or a path. */
function tokensSent(mails: ReceivedMail[]): string[] {
  const tokens = new Set<string>()
  for (const mail of mails) {
    for (const [link] of mail.text.matchAll(/https?:\/\/\S+/g)) {
      let url: URL
      try {
        url = new URL(link)
      } catch {
        continue
      }
      const values = [...url.searchParams.values(), ...url.pathname.split('/')]
      for (const value of values) if (/^[A-Za-z0-9_-]{20,}$/.test(value)) tokens.add(value)
    }
  }
  return [...tokens]
}

test('no card number, code, token or key is at rest after the browser tests', async ({ request }) => {
  const mails = sentMail()
  const codes = codesSent(mails)
  const tokens = tokensSent(mails)
  // The run sent codes and links, or there is nothing to look for: a run of only some specs may not.
  console.info(`Secrets at rest: ${mails.length} mails sent, ${codes.length} codes, ${tokens.length} tokens`)

  const answer = await request.post(`${consoleUrl}/api/test-support/secrets-at-rest`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: consoleUrl },
    data: { codes, tokens },
    timeout: 300_000,
  })
  expect(answer.status()).toBe(200)
  const { data } = (await answer.json()) as { data: unknown[] }
  expect(data, 'card numbers, codes, tokens or keys in the database').toEqual([])

  // The server's own log of this run (playwright.config.ts sends it to the file).
  const log = existsSync(serverLogFile) ? readFileSync(serverLogFile, 'utf8') : ''
  const inLog = log
    .split('\n')
    .flatMap((line, index) =>
      findSecrets(line, { codes, tokens }).map((found) => ({ line: index + 1, ...found })),
    )
  expect(inLog, `card numbers, codes, tokens or keys in ${serverLogFile}`).toEqual([])
})
