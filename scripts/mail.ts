/**
 * `npm run mail`: the latest messages of the mail outbox, newest last, with their text part. Without
 * SMTP_URL nothing leaves the outbox, so this is how a developer reads sign-in codes and reset links.
 *
 *   npm run mail                         the latest 10
 *   npm run mail -- --limit 3            the latest 3
 *   npm run mail -- --to aroha@example.nz
 *
 * It never writes. On PostgreSQL it reads the configured database. On the embedded database it reads a
 * copy of the data folder: PGlite is single-process, and opening the folder a running server uses would
 * damage it, while committed data is already on disk and a copy sees it.
 */
import { parseArgs } from 'node:util'
import { desc, sql } from 'drizzle-orm'
import { mailOutbox } from '~/db/schema'
import { openDatabaseForReading } from './lib/read-database'

const { values } = parseArgs({
  options: {
    limit: { type: 'string', short: 'n', default: '10' },
    to: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help) {
  console.info('Usage: npm run mail -- [--limit N] [--to address]')
  process.exit(0)
}

const limit = Number(values.limit)
if (!Number.isInteger(limit) || limit < 1) {
  console.error('--limit must be a whole number of at least 1')
  process.exit(1)
}

const dateFormat = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  dateStyle: 'medium',
  timeStyle: 'medium',
})

function show(row: typeof mailOutbox.$inferSelect): string {
  const facts = [dateFormat.format(row.createdAt), `to ${row.to}`, row.status, `#${row.id}`]
  if (row.status !== 'kept' && row.attempts > 0)
    facts.push(`${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`)
  const lines = [`── ${facts.join(' · ')}`, `Subject: ${row.subject}`]
  if (row.lastError && row.status !== 'sent') lines.push(`Last error: ${row.lastError}`)
  lines.push('', row.text.trimEnd(), '')
  return lines.join('\n')
}

const opened = await openDatabaseForReading('gymbase-mail-')
if (typeof opened === 'string') {
  console.info(opened)
} else {
  try {
    const newestFirst = await opened.handle.db
      .select()
      .from(mailOutbox)
      .where(values.to ? sql`lower(${mailOutbox.to}) = lower(${values.to})` : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
    if (newestFirst.length === 0) {
      console.info(values.to ? `No mail to ${values.to} in the outbox.` : 'The outbox is empty.')
    }
    for (const row of newestFirst.reverse()) console.info(show(row))
  } catch (error) {
    console.error('Could not read the outbox (has the server migrated this database?):', error)
    process.exitCode = 1
  } finally {
    await opened.release()
  }
}
