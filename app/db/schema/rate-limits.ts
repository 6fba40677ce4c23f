import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Counters of rate-limiter-flexible's Drizzle store (ADR 009): shared by every app process through
 * the database. Keys name the limit and its subject (`login_ip:203.0.113.9`), never a secret.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
})
