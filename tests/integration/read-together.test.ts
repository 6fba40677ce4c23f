import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { describeEachDatabase } from './support/database'

/** A read that notes when it starts and ends, and takes long enough for another to overlap it. */
function timedRead(db: Db, name: string, events: string[]) {
  return async () => {
    events.push(`${name} starts`)
    const { rows } = await db.execute<{ answer: string }>(sql`select pg_sleep(0.05), ${name}::text as answer`)
    events.push(`${name} ends`)
    return rows[0]?.answer
  }
}

describeEachDatabase('reading together', (t) => {
  it('answers in the reads’ order, one after another inside a transaction', async () => {
    const events: string[] = []
    const answers = await t.db.transaction((tx) =>
      readTogether(tx, [timedRead(tx, 'first', events), timedRead(tx, 'second', events), () => 3]),
    )
    expect(answers).toEqual(['first', 'second', 3])
    expect(events).toEqual(['first starts', 'first ends', 'second starts', 'second ends'])
  })

  it('starts every read at once outside a transaction', async () => {
    const events: string[] = []
    const answers = await readTogether(t.db, [
      timedRead(t.db, 'first', events),
      timedRead(t.db, 'second', events),
    ])
    expect(answers).toEqual(['first', 'second'])
    expect(events.slice(0, 2)).toEqual(['first starts', 'second starts'])
  })
})
