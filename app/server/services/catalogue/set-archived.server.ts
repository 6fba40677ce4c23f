import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { offerings, prices } from '~/db/schema'
import { notFound } from '../service-input.server'

const tables = { Offering: offerings, Price: prices }

/**
 * Takes an offering or a price off sale, or puts it back (SPEC §4), in one transaction: the record is
 * read once (another organisation's is a 404), `check` may refuse it in words, and only a record not yet in
 * that state changes — archiving twice keeps the first date, restoring what is on sale changes nothing.
 * Answers what happened, in words.
 */
export async function setArchived(options: {
  db: Db
  now: Date
  organisationId: number
  what: keyof typeof tables
  id: number
  archived: boolean
  /** What may refuse the change (in words), checked in the transaction with the record locked. */
  check?: (tx: Db, id: number) => Promise<void>
}): Promise<{ message: string }> {
  const { db, now, what, archived } = options
  const table = tables[what]
  await db.transaction(async (tx) => {
    const where = and(eq(table.id, options.id), ownedBy(table, options.organisationId))
    const [found] = await tx.select({ id: table.id }).from(table).where(where).for('update')
    if (!found) throw notFound(what)
    await options.check?.(tx, found.id)
    await tx
      .update(table)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(and(where, archived ? isNull(table.archivedAt) : isNotNull(table.archivedAt)))
  })
  return { message: `${what} ${archived ? 'archived' : 'restored'}.` }
}
