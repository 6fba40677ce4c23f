import type { Db } from '~/db/client.server'
import { demoSeed } from '~/db/schema'

export type DemoHistoryState = 'none' | 'in_progress' | 'complete'

/**
 * Where the demo seed's background part stands (ADR 021): `none` on a database never given the demo,
 * `in_progress` while its members and year of history are still being made (by this start, or by the
 * next one after a cut-off start), `complete` once they are.
 */
export async function findDemoHistoryState(options: { db: Db }): Promise<DemoHistoryState> {
  const [seed] = await options.db
    .select({ historyCompletedAt: demoSeed.historyCompletedAt })
    .from(demoSeed)
    .limit(1)
  if (!seed) return 'none'
  return seed.historyCompletedAt === null ? 'in_progress' : 'complete'
}
