import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { billingFrequencies, termUnits } from '~/contracts/enums'
import { instant, isOneOf, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { offerings } from './offerings'
import { organisationRecord } from './organisations'

/**
 * A price of an offering. Amounts are integer cents. A term membership is a price with a term
 * (`term_amount` × `term_unit`); both are set or neither is.
 */
export const prices = pgTable(
  'prices',
  {
    ...organisationRecord(),
    // Cascade: deleting an offering takes its prices with it; subscriptions on a price still block it.
    offeringId: reference('offering_id', () => offerings.id, 'cascade'),
    /** The gym the price is for; null when it applies at every gym of the offering. */
    gymId: integer('gym_id').references(() => gyms.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    billingFrequency: text('billing_frequency', { enum: billingFrequencies }).notNull(),
    joiningFee: integer('joining_fee').notNull().default(0),
    /** Private prices are only offered through a private link. */
    private: boolean('private').notNull().default(false),
    termAmount: integer('term_amount'),
    termUnit: text('term_unit', { enum: termUnits }),
    /** Ties together the per-gym copies of what staff see as one price. */
    groupingUniqueIdentifier: text('grouping_unique_identifier'),
    archivedAt: instant('archived_at'),
    ...timestamps(),
  },
  (t) => [
    index('prices_offering_idx').on(t.offeringId),
    index('prices_organisation_idx').on(t.organisationId, t.archivedAt),
    index('prices_gym_idx').on(t.gymId),
    index('prices_grouping_idx').on(t.groupingUniqueIdentifier),
    check('prices_amount_check', sql`${t.amount} >= 0 and ${t.joiningFee} >= 0`),
    check('prices_billing_frequency_check', isOneOf(t.billingFrequency, billingFrequencies)),
    check('prices_term_unit_check', isOneOf(t.termUnit, termUnits)),
    check(
      'prices_term_check',
      sql`(${t.termAmount} is null) = (${t.termUnit} is null) and (${t.termAmount} is null or ${t.termAmount} > 0)`,
    ),
  ],
)
