import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '~/db/client.server'
import { rateLimits } from '~/db/schema'
import { AppError } from '~/lib/errors'

/**
 * Abuse limits shared by every app process through the database (ADR 008). Keys hold an IP address,
 * a lower-cased e-mail address or a user id — never a password, code or token.
 */
const minute = 60
const definitions = {
  /** Every sign-in attempt from one address. */
  loginIp: { points: 50, duration: 15 * minute },
  /** Wrong passwords for one account from one address; a success clears it. */
  loginAccountIp: { points: 5, duration: 15 * minute, blockDuration: 15 * minute },
  /** Wrong passwords for one account from anywhere. A browser the user trusted is not held back. */
  loginAccount: { points: 10, duration: 15 * minute },
  /** Codes typed by one user, across codes (each code also dies after 5 wrong tries). */
  codeEntry: { points: 10, duration: 15 * minute },
  /** New codes for one user: one each 30 seconds, at most 5 an hour. */
  codeResendBurst: { points: 1, duration: 30 },
  codeResendHourly: { points: 5, duration: 60 * minute },
  forgotPasswordIp: { points: 5, duration: 15 * minute },
  /** Reset e-mails to one address; past it the answer is the same but nothing more is sent. */
  forgotPasswordEmail: { points: 3, duration: 60 * minute },
  uniqueEmailIp: { points: 30, duration: minute },
  // A gym's front desk signs several people up from one address (its Wi-Fi): room for a busy hour.
  registerIp: { points: 30, duration: 60 * minute },
  /**
   * A payment link's new cards and payments (ADR 027): a member needs one or two; more is someone using
   * the link to try card numbers. Keyed by the link's id, never its token.
   */
  paymentLinkCard: { points: 5, duration: 60 * minute },
  paymentLinkPay: { points: 10, duration: 60 * minute },
  /** A member's own pay page from their account (issue 28), per member. */
  accountPaymentLink: { points: 20, duration: 60 * minute },
  /**
   * Refused webhook deliveries kept for the webhooks screen, per sender and provider: enough to show a
   * wrong signing secret, not a table filled by forgeries (they are all refused either way).
   */
  webhookRefusedIp: { points: 30, duration: 15 * minute },
  /** The sandbox bank's approvals of card charges from one address (each secret answers once anyway). */
  sandboxCardApproval: { points: 60, duration: 15 * minute },
  /** Payment links staff send for one payment: a resend or two, not a flood of e-mails. */
  paymentLinkSend: { points: 3, duration: 60 * minute },
  /**
   * Invitation e-mails to one staff member (the first and the resends): one a minute, at most 5 an hour,
   * so a person's inbox is not flooded by a button pressed again and again.
   */
  staffInvitationBurst: { points: 1, duration: minute },
  staffInvitationHourly: { points: 5, duration: 60 * minute },
  /** A member's e-mail-change link sent again (issue 28), per member and address: a few, not an inbox flooded. */
  emailChangeResend: { points: 5, duration: 60 * minute },
} as const

export type LimitName = keyof typeof definitions

const byDatabase = new WeakMap<Db, Map<LimitName, RateLimiterDrizzle>>()

function limiter(db: Db, name: LimitName): RateLimiterDrizzle {
  let limiters = byDatabase.get(db)
  if (!limiters) {
    limiters = new Map()
    byDatabase.set(db, limiters)
  }
  let found = limiters.get(name)
  if (!found) {
    // Expired rows are harmless (each read checks `expire`); no per-limiter cleanup timers.
    found = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: name,
      clearExpiredByTimeout: false,
      ...definitions[name],
    })
    limiters.set(name, found)
  }
  return found
}

function tooMany(res: RateLimiterRes): AppError {
  return new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts. Please wait a moment and try again.', {
    retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  })
}

/** How long to wait, in words: `45 seconds`, `3 minutes`. */
export function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** Counts one attempt; throws TOO_MANY_ATTEMPTS (429 with Retry-After) once over the limit. */
export async function consumeLimit(options: { db: Db; name: LimitName; key: string }): Promise<void> {
  try {
    await limiter(options.db, options.name).consume(options.key)
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error)
    throw error
  }
}

/** Throws if the limit is already used up, without counting an attempt. */
export async function assertUnderLimit(options: { db: Db; name: LimitName; key: string }): Promise<void> {
  const found = limiter(options.db, options.name)
  const res = await found.get(options.key)
  if (res && res.consumedPoints >= definitions[options.name].points) throw tooMany(res)
}

/** Whether one more attempt fits, counting it if so; for limits that must not show (forgot-password). */
export async function tryConsumeLimit(options: { db: Db; name: LimitName; key: string }): Promise<boolean> {
  try {
    await limiter(options.db, options.name).consume(options.key)
    return true
  } catch (error) {
    if (error instanceof RateLimiterRes) return false
    throw error
  }
}

export async function resetLimit(options: { db: Db; name: LimitName; key: string }): Promise<void> {
  await limiter(options.db, options.name).delete(options.key)
}
