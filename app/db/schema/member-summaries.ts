import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organisationId } from './organisations'
import { users } from './users'

/** An index of the organisation's rows by `column`, over only the rows where `when` is set (by default `column`). */
const whereSet = (name: string, organisation: PgColumn, column: PgColumn, when: PgColumn = column) =>
  index(name).on(organisation, column).where(sql`${when} is not null`)

/**
 * One row per member (not staff, not deleted) with what the members list filters and sorts on: their
 * name and joined day, their latest membership's state columns (copied, not derived: the state rules of
 * SPEC §4 still read them with the day), its gym (else the home gym), price and offering, the balance
 * owing and the last successful visit (ADR 026).
 *
 * Nothing in the application writes it: triggers on users, subscriptions and visits keep it (migration
 * 0018, set-based so a bulk insert refreshes each member once), so no write path can forget it. The
 * list's page and count read this table alone, through the indexes below, instead of finding each
 * member's latest membership and last visit per request.
 */
export const memberSummaries = pgTable(
  'member_summaries',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    name: text('name').notNull(),
    /** Name, e-mail and mobile in lower case, separated by U+0001 so a piece never spans two of them. */
    searchText: text('search_text').notNull(),
    tags: text('tags').array().notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** The latest membership's gym, else the member's home gym: the gym the member belongs to. */
    gymId: integer('gym_id'),
    subscriptionId: integer('subscription_id'),
    priceId: integer('price_id'),
    offeringId: integer('offering_id'),
    startDate: date('start_date', { mode: 'string' }),
    currentPeriodStart: date('current_period_start', { mode: 'string' }),
    currentPeriodEnd: date('current_period_end', { mode: 'string' }),
    cancelledAt: instant('cancelled_at'),
    undoCancellationUntil: instant('undo_cancellation_until'),
    gracePeriodEndsAt: date('grace_period_ends_at', { mode: 'string' }),
    pauseStartAt: date('pause_start_at', { mode: 'string' }),
    pauseEndAt: date('pause_end_at', { mode: 'string' }),
    upcomingState: text('upcoming_state'),
    /** Cents; 0 without a membership, so the balance sort and filter read one column. */
    balanceOwing: integer('balance_owing').notNull().default(0),
    forcePriceAmount: integer('force_price_amount'),
    lastVisitAt: instant('last_visit_at'),
  },
  (t) => [
    index('member_summaries_name_idx').on(t.organisationId, t.name, t.userId),
    index('member_summaries_gym_name_idx').on(t.organisationId, t.gymId, t.name, t.userId),
    index('member_summaries_joined_idx').on(t.organisationId, t.joinedAt, t.userId),
    // Each direction of the last-visit and balance sorts (ties by name then id, both ascending).
    index('member_summaries_last_visit_desc_idx').on(
      t.organisationId,
      t.lastVisitAt.desc().nullsLast(),
      t.name,
      t.userId,
    ),
    index('member_summaries_last_visit_asc_idx').on(
      t.organisationId,
      t.lastVisitAt.asc().nullsFirst(),
      t.name,
      t.userId,
    ),
    // `desc` is nulls first in SQL, as the sort asks; the column has no nulls, but an index that said
    // otherwise would not serve the sort.
    index('member_summaries_balance_desc_idx').on(
      t.organisationId,
      t.balanceOwing.desc().nullsFirst(),
      t.name,
      t.userId,
    ),
    index('member_summaries_balance_asc_idx').on(t.organisationId, t.balanceOwing, t.name, t.userId),
    index('member_summaries_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The states most members are not in, so a filter on one reads its members alone (the conditions in
    // member-state-conditions.server.ts test these columns in the same form).
    index('member_summaries_no_subscription_idx')
      .on(t.organisationId, t.name, t.userId)
      .where(sql`${t.subscriptionId} is null`),
    whereSet('member_summaries_paused_idx', t.organisationId, t.pauseStartAt),
    whereSet('member_summaries_cancelled_idx', t.organisationId, t.currentPeriodEnd, t.cancelledAt),
    whereSet('member_summaries_grace_idx', t.organisationId, t.gracePeriodEndsAt),
    whereSet('member_summaries_upcoming_state_idx', t.organisationId, t.upcomingState),
    // The "active" count subtracts the members in any other state, counted on these two alone, each
    // holding every column its count reads (index-only; ADR 053): the members a rare state's column
    // flags (`rareStateFlagged` in find-member-page.server.ts), and everyone by the day their membership
    // starts, with the columns that say whether a rare state flags them.
    index('member_summaries_rare_states_idx')
      .on(
        t.organisationId,
        t.gymId,
        t.offeringId,
        t.subscriptionId,
        t.pauseStartAt,
        t.pauseEndAt,
        t.cancelledAt,
        t.gracePeriodEndsAt,
        t.upcomingState,
        t.currentPeriodStart,
      )
      .where(
        sql`(${t.subscriptionId} is null or ${t.pauseStartAt} is not null or ${t.cancelledAt} is not null or ${t.gracePeriodEndsAt} is not null or ${t.upcomingState} is not null)`,
      ),
    index('member_summaries_period_start_idx').on(
      t.organisationId,
      t.currentPeriodStart,
      t.gymId,
      t.offeringId,
      t.subscriptionId,
      t.pauseStartAt,
      t.cancelledAt,
      t.gracePeriodEndsAt,
      t.upcomingState,
    ),
    index('member_summaries_tags_idx').using('gin', t.tags).where(sql`${t.tags} <> '{}'::text[]`),
    // A tag's count read from the tagged members' entries alone (index-only, ADR 053): the GIN index
    // finds them, but counting them there fetches each from the heap.
    index('member_summaries_tagged_idx')
      .on(t.organisationId, t.gymId, t.tags)
      .where(sql`${t.tags} <> '{}'::text[]`),
  ],
)

/**
 * How many members each organisation has per gym (0: none) and offering (0: no membership), kept by a
 * trigger on `member_summaries` (migration 0018): the list's count without a filter, or with only the
 * gym or offering, is a sum of a few rows rather than a count of every member.
 */
export const memberCounts = pgTable(
  'member_counts',
  {
    organisationId: organisationId(),
    gymId: integer('gym_id').notNull(),
    offeringId: integer('offering_id').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.gymId, t.offeringId] })],
)
