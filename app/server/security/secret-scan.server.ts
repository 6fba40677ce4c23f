/**
 * What must never be at rest (issue 30, point 6; ADR 057): card numbers, the one-time codes and link
 * tokens we sent, and provider keys. `findSecrets` finds them in any text: a log line, an e-mail kept in
 * the outbox, a column's value. The browser suites end with a scan of the server's log, the outbox and
 * every text and JSON column (tests/e2e/after/secrets-at-rest.spec.ts, through the test-support route
 * that reads the database); tests/unit/server/secret-scan.test.ts shows it finds each kind when planted.
 */

export type SecretKind = 'card number' | 'one-time code' | 'token' | 'provider key'

export interface SecretFinding {
  kind: SecretKind
  /** The value with all but its last four characters hidden: a finding must not leak it again. */
  masked: string
}

/** What was sent during the run, to look for as it was sent. */
export interface SentSecrets {
  /** One-time codes as they went out (six digits). */
  codes?: readonly string[]
  /** Tokens carried in the links that went out (password resets, invitations, payment links). */
  tokens?: readonly string[]
}

/** Luhn's check, as every card number passes it. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = digits.charCodeAt(index) - 48
    if (double) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
    double = !double
  }
  return sum % 10 === 0
}

/**
 * The card schemes' number ranges (Visa 4, Mastercard 51–55 and 2221–2720, American Express 34/37,
 * Diners 30/36/38/39, Discover and UnionPay 6, JCB 35): a run of digits that starts otherwise is not a
 * card number, whatever Luhn says (a millisecond timestamp passes Luhn one time in ten).
 */
const cardRange = /^(4|5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720)|3[0456789]|6)/

/**
 * 13 to 19 digits in a row, or grouped by single spaces or dashes as people and forms write them; not
 * part of a word or of a decimal number (a timing's `110.42075099999965`).
 */
const digitRun = /(?<![\dA-Za-z.])(?:\d[ -]?){12,18}\d(?![\dA-Za-z]|\.\d)/g

function cardNumbersIn(text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(digitRun)) {
    const raw = match[0]
    const digits = raw.replace(/[ -]/g, '')
    if (digits.length < 13 || digits.length > 19) continue
    // Grouped: only as cards are grouped (4-4-4-4…, or American Express's 4-6-5), not a bank account
    // number (2-4-7-2) or a phone number.
    if (digits !== raw && !/^\d{4}([ -])(\d{4}\1\d{4}\1\d{4}(\1\d{1,3})?|\d{6}\1\d{5})$/.test(raw)) continue
    if (cardRange.test(digits) && luhnValid(digits)) found.push(digits)
  }
  return found
}

/**
 * Key and secret shapes of the providers we use or may use: Stripe's secret and restricted keys,
 * webhook signing secrets and client secrets, Akahu's app and user tokens, and private keys.
 */
const keyShapes = [
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/g,
  /\bwhsec_[A-Za-z0-9+/=]{10,}/g,
  /\b(?:seti|pi)_[A-Za-z0-9]+_secret_[A-Za-z0-9]{6,}/g,
  /\b(?:app|user)_token_[A-Za-z0-9]{10,}/g,
  /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/g,
]

function escapeForRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function sentValuesIn(text: string, values: readonly string[] | undefined, kind: SecretKind) {
  const found: SecretFinding[] = []
  for (const value of values ?? []) {
    if (value.length === 0) continue
    // As a whole word: a code's six digits inside a longer number or an id are not the code.
    const pattern = new RegExp(`(?<![0-9A-Za-z])${escapeForRegExp(value)}(?![0-9A-Za-z])`)
    if (pattern.test(text)) found.push({ kind, masked: mask(value) })
  }
  return found
}

export function mask(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`
}

/** Every secret in `text`: card numbers and key shapes always, codes and tokens among those sent. */
export function findSecrets(text: string, sent: SentSecrets = {}): SecretFinding[] {
  const findings: SecretFinding[] = cardNumbersIn(text).map((digits) => ({
    kind: 'card number',
    masked: mask(digits),
  }))
  for (const shape of keyShapes) {
    for (const match of text.matchAll(shape)) findings.push({ kind: 'provider key', masked: mask(match[0]) })
  }
  findings.push(...sentValuesIn(text, sent.codes, 'one-time code'))
  findings.push(...sentValuesIn(text, sent.tokens, 'token'))
  return findings
}
