import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { findSecrets } from '../../../app/server/security/secret-scan.server'
import { consoleUrl, otherUrl, serverLogFile } from '../../../playwright.config'
import type { ReceivedMail } from './mailbox'
import { mailboxDirectory } from './smtp'

/**
 * Issue 30, point 6 (ADR 057): after the browser tests have run (the global teardown calls this, and a
 * finding fails the run), nothing secret is at rest. The one-time codes and link tokens that went out
 * by e-mail, card numbers (Luhn-valid, in the schemes' ranges) and provider key shapes are looked for
 * in the server's log, in the outbox and in every text and JSON column of the database (through the
 * test-support route, inside the server that holds the database). The scanner finds each kind when
 * planted: tests/unit/server/secret-scan.test.ts.
 */
export async function checkSecretsAtRest(): Promise<void> {
  const mails = sentMail()
  const codes = codesSent(mails)
  const tokens = tokensSent(mails)
  // By the server's address: Node does not resolve the sites' `*.localhost` names as browsers do.
  const answer = await fetch(`${otherUrl}/api/test-support/secrets-at-rest`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: consoleUrl },
    body: JSON.stringify({ codes, tokens }),
  })
  if (answer.status !== 200) throw new Error(`Secrets at rest: the scan answered ${answer.status}`)
  const { data: inDatabase } = (await answer.json()) as { data: Array<Record<string, string>> }

  const log = existsSync(serverLogFile) ? readFileSync(serverLogFile, 'utf8') : ''
  const inLog = log
    .split('\n')
    .flatMap((line, index) =>
      findSecrets(line, { codes, tokens }).map(
        (found) => `${serverLogFile}:${index + 1} ${found.kind} ${found.masked}`,
      ),
    )
  const found = [...inDatabase.map((row) => `${row.table}.${row.column} ${row.kind} ${row.masked}`), ...inLog]
  console.info(
    `Secrets at rest: ${mails.length} mails' ${codes.length} codes and ${tokens.length} tokens, card numbers and keys looked for in the database and ${log.split('\n').length} log lines: ${found.length} found`,
  )
  if (found.length > 0) throw new Error(`Secrets at rest after the browser tests:\n${found.join('\n')}`)
}

function sentMail(): ReceivedMail[] {
  if (!existsSync(mailboxDirectory)) return []
  return readdirSync(mailboxDirectory)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(join(mailboxDirectory, file), 'utf8')) as ReceivedMail)
}

/** The six-digit codes in the mails that give a code, as they were sent. */
export function codesSent(mails: ReceivedMail[]): string[] {
  const codes = mails
    .filter((mail) => /\bcode\b/i.test(mail.text))
    .flatMap((mail) => [...mail.text.matchAll(/(?<!\d)(\d{6})(?!\d)/g)].map((match) => match[1] ?? ''))
  return [...new Set(codes)].filter(Boolean)
}

/** The tokens the links in the mails carry: every long opaque value of a query or a path. */
export function tokensSent(mails: ReceivedMail[]): string[] {
  const tokens = new Set<string>()
  for (const mail of mails) {
    for (const [link] of mail.text.matchAll(/https?:\/\/\S+/g)) {
      let url: URL
      try {
        url = new URL(link)
      } catch {
        continue
      }
      for (const value of [...url.searchParams.values(), ...url.pathname.split('/')]) {
        if (/^[A-Za-z0-9_-]{20,}$/.test(value)) tokens.add(value)
      }
    }
  }
  return [...tokens]
}
