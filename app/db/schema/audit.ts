import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { organisationRecord } from './organisations'
import { users } from './users'

/** Who changed what. Append-only; `changes` holds `{ field: [before, after] }` or an action payload. */
export const auditLog = pgTable(
  'audit_log',
  {
    ...organisationRecord(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.organisationId, t.subjectType, t.subjectId),
    index('audit_log_organisation_created_at_idx').on(t.organisationId, t.createdAt),
  ],
)
