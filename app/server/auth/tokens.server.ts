import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** 256 random bits, URL-safe: session ids, reset links, invitations, trusted browsers. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of a token or code: a leaked table yields nothing usable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A 6-digit code, uniformly random, leading zeros kept. */
export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
