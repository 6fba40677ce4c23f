import type { Db } from './client.server'

/**
 * A statement prepared once per database handle rather than built on every call: node-postgres then
 * prepares it once per pooled connection, and PostgreSQL plans it once (a generic plan after five
 * runs). For statements on a hot path: the session lookup every API call makes, the global search.
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
