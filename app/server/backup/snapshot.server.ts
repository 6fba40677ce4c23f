import type { PGlite } from '@electric-sql/pglite'

/**
 * What a backup's database holds, read in the same moment as the copy: the restore compares the
 * restored database with it, and checks that every file the database names came back with it.
 */
export interface DatabaseFacts {
  users: number
  subscriptions: number
  payments: number
  /** Migrations applied to it (drizzle's journal): a restore refuses code that knows fewer. */
  migrations: number
  /** Every uploaded file the database names (profile pictures, gym and organisation logos). */
  files: string[]
}

/** Reads the facts through any PGlite query function (the server's transaction, or a restored copy). */
export async function readDatabaseFacts(
  query: <T>(sql: string) => Promise<{ rows: T[] }>,
): Promise<DatabaseFacts> {
  const counts = await query<{ users: number; subscriptions: number; payments: number; migrations: number }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from subscriptions) as subscriptions,
            (select count(*)::int from payments) as payments,
            (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
  )
  const files = await query<{ key: string }>(
    `select profile_picture as key from users where profile_picture is not null
     union select logo from gyms where logo is not null
     union select logo from organisations where logo is not null
     order by 1`,
  )
  const [row] = counts.rows
  if (!row) throw new Error('The database answered no counts')
  return { ...row, files: files.rows.map((file) => file.key) }
}

/**
 * A consistent copy of an embedded database that is in use (ADR 059): inside a transaction of PGlite's
 * own, so no other statement or transaction of the process runs meanwhile (PGlite runs them one at a
 * time), a CHECKPOINT writes every committed change into the data files, the facts are read, and the
 * data folder is dumped as a tar file. Another transaction is never half-way through: the process's
 * transactions wait for this one. The copy starts like a database after a clean shutdown.
 */
export async function snapshotPglite(pglite: PGlite): Promise<{ tarball: Blob; facts: DatabaseFacts }> {
  return pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT')
    const facts = await readDatabaseFacts((sql) => tx.query(sql))
    const tarball = await pglite.dumpDataDir('none')
    return { tarball, facts }
  })
}
