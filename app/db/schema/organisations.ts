import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { graceUnits, type OrganisationPriceFrequency, organisationPriceFrequencies } from '~/contracts/enums'
import { allOneOf, id, isOneOf, reference, timestamps } from './columns'

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    multiGym: boolean('multi_gym').notNull().default(false),
    // Offering permissions (SPEC §3 offering_permissions).
    enableOfferings: boolean('enable_offerings').notNull().default(true),
    nonStop: boolean('non_stop').notNull().default(true),
    limitedAccess: boolean('limited_access').notNull().default(true),
    // A set rather than six booleans: the settings screen reads and writes the enabled frequencies as one
    // list, and a price form filters on "is this frequency enabled". The check keeps unknown values out.
    priceFrequencies: text('price_frequencies')
      .array()
      .$type<OrganisationPriceFrequency[]>()
      .notNull()
      .default(sql`array['weekly', 'fortnightly', 'monthly', 'quarterly', 'six_monthly', 'yearly']::text[]`),
    failedPaymentGracePeriod: integer('failed_payment_grace_period').notNull().default(14),
    failedPaymentGracePeriodUnit: text('failed_payment_grace_period_unit', { enum: graceUnits })
      .notNull()
      .default('day'),
    termMembershipGracePeriod: integer('term_membership_grace_period').notNull().default(0),
    termMembershipGracePeriodUnit: text('term_membership_grace_period_unit', { enum: graceUnits })
      .notNull()
      .default('day'),
    // Card surcharge = amount × bps / 10 000 + fixed, so a rate like 2.95 % stays an exact integer.
    /** Days of notice a member is given before their price rises (issue 25); a cut needs none. */
    priceRiseNoticeDays: integer('price_rise_notice_days').notNull().default(30),
    cardSurchargeBasisPoints: integer('card_surcharge_basis_points').notNull().default(0),
    cardSurchargeFixed: integer('card_surcharge_fixed').notNull().default(0),
    generalCardSurchargeText: text('general_card_surcharge_text'),
    /** For GST receipts (15%): the registered name and GST number, when the organisation is registered. */
    legalName: text('legal_name'),
    gstNumber: text('gst_number'),
    /** Members may pause / cancel their own membership on the join site's account (issue 28). */
    membersMayPauseOnline: boolean('members_may_pause_online').notNull().default(true),
    membersMayCancelOnline: boolean('members_may_cancel_online').notNull().default(true),
    accentColour: text('accent_colour'),
    logo: text('logo'),
    ...timestamps(),
  },
  (t) => [
    check(
      'organisations_price_frequencies_check',
      allOneOf(t.priceFrequencies, organisationPriceFrequencies),
    ),
    check(
      'organisations_failed_payment_grace_unit_check',
      isOneOf(t.failedPaymentGracePeriodUnit, graceUnits),
    ),
    check('organisations_term_grace_unit_check', isOneOf(t.termMembershipGracePeriodUnit, graceUnits)),
    check(
      'organisations_grace_periods_check',
      sql`${t.failedPaymentGracePeriod} >= 0 and ${t.termMembershipGracePeriod} >= 0`,
    ),
    check('organisations_price_rise_notice_check', sql`${t.priceRiseNoticeDays} between 0 and 365`),
    check(
      'organisations_card_surcharge_check',
      sql`${t.cardSurchargeBasisPoints} between 0 and 10000 and ${t.cardSurchargeFixed} >= 0`,
    ),
  ],
)

/** `organisation_id` of every organisation-owned table: deleting an organisation removes its data. */
export const organisationId = () => reference('organisation_id', () => organisations.id, 'cascade')

/** The first columns of an organisation-owned table: its own id, and the organisation it belongs to. */
export const organisationRecord = () => ({ id: id(), organisationId: organisationId() })
