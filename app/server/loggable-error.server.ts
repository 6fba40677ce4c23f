/**
 * An error as the log may keep it. A failed query's error (Drizzle's) carries the statement's
 * parameters — in its `params`, and again at the end of its message and stack (`params: …`): the very
 * values a request wrote or looked up (token and password hashes, e-mail addresses, bank account
 * numbers, session ids). The log keeps the statement and the database's reason, never the values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: safeErrorMessage(error) }
  const described: Record<string, unknown> = {
    type: error.name,
    message: safeErrorMessage(error),
  }
  if (error.stack) described.stack = withoutParams(error.stack)
  if ('query' in error && typeof error.query === 'string') described.query = error.query
  const cause = error.cause
  if (cause instanceof Error) {
    // The database's own error: its code, constraint and reason; not its `detail` (which quotes the
    // row: "Key (email)=(…) already exists") nor `where` (which quotes the parameter).
    const fields = cause as Error & Partial<Record<'code' | 'constraint' | 'table' | 'column', string>>
    described.cause = {
      type: cause.name,
      message: withoutParams(cause.message).slice(0, 1000),
      code: fields.code,
      constraint: fields.constraint,
      table: fields.table,
      column: fields.column,
    }
  }
  return described
}

/** An error's message without a failed query's parameters, at most 1,000 characters. */
export function safeErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return withoutParams(message).slice(0, 1000)
}

function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]')
}
