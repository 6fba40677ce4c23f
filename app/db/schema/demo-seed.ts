import { sql } from 'drizzle-orm'
import { boolean, check, pgTable } from 'drizzle-orm/pg-core'
import { instant } from './columns'

/**
 * How far the demo seed got, one row at most: set up, then the year of history made. The history takes
 * a while on the first `npm start`, and a start cut off then (Ctrl+C) would otherwise leave a demo with
 * half a year in it for good; a row whose history never finished tells the next start to seed again.
 */
export const demoSeed = pgTable(
  'demo_seed',
  {
    id: boolean('id').primaryKey().default(true),
    setUpAt: instant('set_up_at').notNull(),
    historyCompletedAt: instant('history_completed_at'),
  },
  (t) => [check('demo_seed_single_row', sql`${t.id}`)],
)
