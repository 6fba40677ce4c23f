import { randomBytes } from 'node:crypto'

/**
 * A join link's token (ADR 013): its only secret, 192 random bits written as 32 base64url characters,
 * so links cannot be guessed or enumerated. Both kinds of link (private price, age bypass) use it.
 */
export function newJoinLinkToken(): string {
  return randomBytes(24).toString('base64url')
}

const tokenShape = /^[A-Za-z0-9_-]{32}$/

/**
 * Whether a token could have been made by `newJoinLinkToken`: one that could not was mistyped or cut short
 * when copied, which the join page says in different words from a link that has expired or been used.
 */
export function couldBeJoinLinkToken(token: string): boolean {
  return tokenShape.test(token)
}
