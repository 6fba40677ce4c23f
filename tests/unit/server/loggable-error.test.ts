import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { loggableError, safeErrorMessage } from '~/server/loggable-error.server'

/** What PostgreSQL's driver throws for a duplicate: the row's values in `detail`, the parameter in `where`. */
function databaseError() {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    code: '23505',
    constraint: 'users_email',
    table: 'users',
    detail: 'Key (lower(email))=(victim@example.test) already exists.',
    where: "unnamed portal parameter $2 = 'victim@example.test'",
  })
}

describe('a failed query as the log keeps it', () => {
  const secret = 'reset-token-hash-4f2a9c'
  const error = new DrizzleQueryError(
    'update "users" set "password_hash" = $1 where "reset_token_hash" = $2',
    ['$argon2id$v=19$secret-hash', secret],
    databaseError(),
  )

  it('keeps the statement and the database’s reason', () => {
    const logged = loggableError(error)
    expect(logged.query).toBe('update "users" set "password_hash" = $1 where "reset_token_hash" = $2')
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email', table: 'users' })
    expect(String(logged.message)).toContain('Failed query: update "users"')
  })

  it('keeps none of the values the statement carried', () => {
    // Drizzle puts them in `params`, at the end of the message and of the stack; the driver in `detail`.
    expect(`${error.message}${error.stack}`).toContain(secret)
    const logged = JSON.stringify(loggableError(error))
    expect(logged).not.toContain(secret)
    expect(logged).not.toContain('secret-hash')
    expect(logged).not.toContain('victim@example.test')
    expect(safeErrorMessage(error)).not.toContain(secret)
  })

  it('leaves other errors’ words alone', () => {
    expect(safeErrorMessage(new Error('SMTP 421 try later'))).toBe('SMTP 421 try later')
    expect(loggableError('plain')).toEqual({ message: 'plain' })
  })
})
