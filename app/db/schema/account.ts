import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, instant, reference } from './columns'
import { organisationRecord } from './organisations'
import { users } from './users'

/**
 * A member's request, from their account, that their account be closed (issue 28, Privacy Act 2020).
 * Staff see open requests on the member's page with what is still owed, and close or decline them; a
 * member has at most one open request.
 */
export const accountClosureRequests = pgTable(
  'account_closure_requests',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
    /** Optional: a member never has to give a reason. */
    reason: text('reason'),
    /** What the member owed when they asked, in cents; staff see what is owed now beside it. */
    owingWhenRequested: integer('owing_when_requested').notNull().default(0),
    requestedAt: createdAt(),
    withdrawnAt: instant('withdrawn_at'),
    handledAt: instant('handled_at'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('account_closure_requests_open_idx')
      .on(t.userId)
      .where(sql`${t.withdrawnAt} is null and ${t.handledAt} is null`),
    index('account_closure_requests_organisation_idx').on(t.organisationId, t.requestedAt),
  ],
)
