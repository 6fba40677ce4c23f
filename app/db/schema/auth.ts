import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { oneTimeCodePurposes } from '~/contracts/enums'
import { createdAt, id, instant, isOneOf, reference } from './columns'
import { users } from './users'

/**
 * Server-side sessions, so any number of app processes can share them. The key is a hash of the cookie
 * token: a leaked database does not yield usable cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: reference('user_id', () => users.id, 'cascade'),
    /** Set once the e-mailed second factor is entered; staff sessions are unusable until then. */
    twoFactorVerifiedAt: instant('two_factor_verified_at'),
    remember: boolean('remember').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
)

/** Single-use codes and tokens sent by e-mail (second factor, verification, reset, invitation). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    purpose: text('purpose', { enum: oneTimeCodePurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: instant('used_at'),
    /** Wrong guesses against this code; the code is dead past the limit even before it expires. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    index('one_time_codes_code_hash_idx').on(t.codeHash),
    check('one_time_codes_purpose_check', isOneOf(t.purpose, oneTimeCodePurposes)),
    check('one_time_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
)

/** "Remember this browser": skips the second factor on this browser for 30 days. */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    id: id(),
    userId: reference('user_id', () => users.id, 'cascade'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: instant('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('trusted_browsers_user_idx').on(t.userId)],
)
