import { sql } from 'drizzle-orm'
import { boolean, check, date, integer, jsonb, pgTable } from 'drizzle-orm/pg-core'
import type { PaymentMethodType } from '~/contracts/enums'
import { id, instant } from './columns'

/** The records one demo organisation's seeding needs again when it resumes: made in the set-up. */
export interface DemoOrganisationRecords {
  organisationId: number
  /** The staff member who pauses memberships, schedules price changes and issues private links. */
  staffUserId: number
  /** The organisation's gyms, in the order the seed plans them. */
  gymIds: number[]
  /** Price ids by the seed's name for them (`anytimeWeekly`, …). */
  priceIds: Record<string, number>
}

export interface DemoSeedPlan {
  demoFitness: DemoOrganisationRecords
  harbourStrength: DemoOrganisationRecords
}

/**
 * How far the demo seed got, one row at most. The set-up (organisations, staff, offerings, the member
 * sign-in) is made before the server answers; the other members and the year of history follow in the
 * background (ADR 021), in steps that each record their progress here, so a start cut off meanwhile
 * carries on where it stopped on the next start.
 */
export const demoSeed = pgTable(
  'demo_seed',
  {
    id: boolean('id').primaryKey().default(true),
    /** The seed's "now": the whole demo, resumed or not, is made relative to it. */
    setUpAt: instant('set_up_at').notNull(),
    /** The set-up's records; null on a row from before seeding could resume (its history is whole). */
    plan: jsonb('plan').$type<DemoSeedPlan>(),
    /** Members of the planned list made so far (the list is deterministic: same `now`, same members). */
    membersCreated: integer('members_created').notNull().default(0),
    /** The last day the billing engine's history fully ran. */
    historyThrough: date('history_through', { mode: 'string' }),
    historyCompletedAt: instant('history_completed_at'),
  },
  (t) => [check('demo_seed_single_row', sql`${t.id}`)],
)

/** What a member or staff did in the demo's history, as data, so a resumed history runs it still. */
export type DemoEventAction =
  | {
      kind: 'pause'
      organisationId: number
      subscriptionId: number
      startDate: string
      endDate: string
      createdByUserId: number | null
    }
  | {
      kind: 'cancel'
      organisationId: number
      subscriptionId: number
      reasons: string[]
      comments: string | null
    }
  | {
      kind: 'switch_payment_method'
      organisationId: number
      userId: number
      gymId: number
      cardSurchargeBasisPoints: number
      cardSurchargeFixed: number
      type: PaymentMethodType
      outcome: 'succeeds' | 'fails'
      /** Seed of the random stream that makes the new card or account's details. */
      randomSeed: string
    }
  | {
      kind: 'schedule_price_change'
      organisationId: number
      subscriptionId: number
      priceId: number
      scheduledByUserId: number
    }

/** The demo history's queued events; `done_at` is set in the transaction that runs one. */
export const demoSeedEvents = pgTable('demo_seed_events', {
  id: id(),
  at: instant('at').notNull(),
  action: jsonb('action').$type<DemoEventAction>().notNull(),
  doneAt: instant('done_at'),
})
