import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from './client.server'

/**
 * Runs several reads at once on the pool, or one after another inside a transaction, and answers in
 * their order, as `Promise.all` does. A transaction is one connection: queries sent to it at once only
 * queue in node-postgres, which warns that pg@9 will refuse them. Give each read as a function, so that
 * none starts before its turn: `await readTogether(db, [() => findA(db), () => db.select()…])`.
 */
export async function readTogether<const T extends readonly (() => unknown)[]>(
  db: Db,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<Answers>
  const answers: unknown[] = []
  for (const read of reads) answers.push(await read())
  return answers as Answers
}
