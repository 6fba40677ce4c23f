import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, primaryKey, smallint, text, time } from 'drizzle-orm/pg-core'
import { offeringTypes } from '~/contracts/enums'
import { createdAt, instant, isOneOf, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationId, organisationRecord } from './organisations'

/** A membership type an organisation sells; its prices hang off it. */
export const offerings = pgTable(
  'offerings',
  {
    ...organisationRecord(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: offeringTypes }).notNull(),
    allGymsAccess: boolean('all_gyms_access').notNull().default(false),
    mandated: boolean('mandated').notNull().default(false),
    hoursMandated: boolean('hours_mandated').notNull().default(false),
    pricesMandated: boolean('prices_mandated').notNull().default(false),
    archivedAt: instant('archived_at'),
    ...timestamps(),
  },
  (t) => [
    index('offerings_organisation_name_idx').on(t.organisationId, t.name),
    check('offerings_type_check', isOneOf(t.type, offeringTypes)),
  ],
)

/** Gyms an offering gives access to, when it is not for all gyms. */
export const offeringGyms = pgTable(
  'offering_gyms',
  {
    organisationId: organisationId(),
    offeringId: reference('offering_id', () => offerings.id, 'cascade'),
    gymId: reference('gym_id', () => gyms.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.offeringId, t.gymId] }), index('offering_gyms_gym_idx').on(t.gymId)],
)

/** Opening hours of a limited-access offering, one row per day and window. */
export const offeringHours = pgTable(
  'offering_hours',
  {
    ...organisationRecord(),
    offeringId: reference('offering_id', () => offerings.id, 'cascade'),
    /** 1 Monday … 7 Sunday (ISO). */
    day: smallint('day').notNull(),
    openAt: time('open_at').notNull(),
    closeAt: time('close_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('offering_hours_offering_idx').on(t.offeringId, t.day),
    check('offering_hours_day_check', sql`${t.day} between 1 and 7`),
  ],
)
