/**
 * The numbers of sign-in security, in one place (ADR 008). Durations in milliseconds.
 */
const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

export const authPolicy = {
  /** A session unused this long is over: a shared front-desk computer left signed in. */
  sessionIdleTimeout: 12 * hour,
  /** Whatever the activity, sign in again after this. */
  sessionAbsoluteTimeout: 7 * day,
  /** Writing `last_seen_at` on every request would turn reads into writes; once a minute is enough. */
  sessionTouchInterval: minute,
  /** E-mailed codes: second factor and e-mail verification. */
  codeLifetime: 10 * minute,
  codeMaxWrongAttempts: 5,
  /** Reset links. */
  passwordResetLifetime: 60 * minute,
  /** Staff invitation links (set-password). */
  invitationLifetime: 7 * day,
  /** "Remember this browser": no code on this browser for this long. */
  trustedBrowserLifetime: 30 * day,
  passwordMinLength: 8,
  passwordMaxLength: 128,
} as const

export const sessionCookieName = 'gymbase_session'
export const trustedBrowserCookieName = 'gymbase_trusted_browser'
