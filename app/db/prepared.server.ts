import type { Db } from './client.server'

/**
 * A statement prepared once per database handle rather than built on every call: Drizzle builds its
 * SQL once and node-postgres parses it once per pooled connection. For statements on a hot path: the
 * session lookup every API call makes, the global search's call. PostgreSQL still plans each run
 * afresh unless, after five, the generic plan looks no dearer than the custom ones, a choice each
 * connection makes from its own first runs; a statement whose planning costs much belongs in a
 * function that fixes its plan, as the search's does (ADR 015).
 */
export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>()
  return (db) => {
    let statement = statements.get(db)
    if (!statement) {
      statement = prepare(db)
      statements.set(db, statement)
    }
    return statement
  }
}
