import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from '@playwright/test'
import { mailboxDirectory } from './smtp'

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
  attachments?: Array<{ filename: string; contentType: string; size: number }>
  receivedAt: string
}

function readMailbox(): ReceivedMail[] {
  let files: string[] = []
  try {
    files = readdirSync(mailboxDirectory).filter((file) => file.endsWith('.json'))
  } catch {
    return []
  }
  return files
    .sort()
    .map((file) => JSON.parse(readFileSync(join(mailboxDirectory, file), 'utf8')) as ReceivedMail)
}

/** The newest mail to `to` received after `since` (the SMTP server really got it). */
export async function waitForMail(options: {
  to: string
  since: Date
  subject?: RegExp
}): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      () => {
        found = readMailbox()
          .filter((mail) => mail.to.includes(options.to.toLowerCase()))
          .filter((mail) => new Date(mail.receivedAt) >= options.since)
          .filter((mail) => (options.subject ? options.subject.test(mail.subject) : true))
          .at(-1)
        return found !== undefined
      },
      { timeout: 30_000, message: `mail to ${options.to}` },
    )
    .toBe(true)
  if (!found) throw new Error(`No mail to ${options.to}`)
  return found
}

export function codeIn(mail: ReceivedMail): string {
  const code = mail.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No 6-digit code in "${mail.subject}"`)
  return code
}

export function linkIn(mail: ReceivedMail): URL {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`No link in "${mail.subject}"`)
  return new URL(link)
}
