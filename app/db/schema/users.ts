import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  type ConfidenceAndExperience,
  confidenceAndExperienceOptions,
  type HearAboutUs,
  hearAboutUsOptions,
  organisationRoles,
  paymentMethodTypes,
} from '~/contracts/enums'
import { allOneOf, createdAt, instant, isOneOf, reference, timestamps } from './columns'
import { gyms } from './gyms'
import { organisationRecord } from './organisations'
import { prices } from './prices'

/*
 * A person, the ways they pay and the join links they came by name each other both ways (a user's
 * default method and join link; the method's and the link's user), so they are declared in one module:
 * the schema's files import one another without a circle (docs/architecture.md, the layers).
 */

/**
 * Members and staff alike. A user belongs to exactly one organisation, so the same e-mail address can
 * be a member of two organisations as two unrelated users.
 */
export const users = pgTable(
  'users',
  {
    ...organisationRecord(),
    name: text('name').notNull(),
    /** Unique per organisation ignoring case (see the index); keep it as typed for display. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: instant('email_verified_at'),
    isStaff: boolean('is_staff').notNull().default(false),
    /** `admin` makes the user an organisation admin; null means no organisation-wide role. */
    organisationRole: text('organisation_role', { enum: organisationRoles }),
    mobileNumber: text('mobile_number'),
    dob: date('dob', { mode: 'string' }),
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    pushNotificationsEnabled: boolean('push_notifications_enabled').notNull().default(true),
    paymentReminders: boolean('payment_reminders').notNull().default(true),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactEmail: text('emergency_contact_email'),
    emergencyContactMobileNumber: text('emergency_contact_mobile_number'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    address: text('address'),
    suburb: text('suburb'),
    city: text('city'),
    postCode: text('post_code'),
    confidenceAndExperience: text('confidence_and_experience')
      .array()
      .$type<ConfidenceAndExperience[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    hearAboutUs: text('hear_about_us').array().$type<HearAboutUs[]>().notNull().default(sql`'{}'::text[]`),
    hearAboutUsOther: text('hear_about_us_other'),
    /** When the member answered the join flow's "About you" (address, emergency contact, …; issue 14). */
    registerFieldsCompletedAt: instant('register_fields_completed_at'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes'),
    profilePicture: text('profile_picture'),
    defaultPaymentMethodId: integer('default_payment_method_id').references(
      (): AnyPgColumn => paymentMethods.id,
      { onDelete: 'set null' },
    ),
    currentGymId: integer('current_gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    homeGymId: integer('home_gym_id').references(() => gyms.id, { onDelete: 'set null' }),
    /**
     * The private price or age-bypass link the member signed up through (ADR 013): the join flow offers
     * that price, and the link's age bypass let an applicant under the minimum age through.
     */
    joinPriceLinkId: integer('join_price_link_id').references((): AnyPgColumn => privatePriceLinks.id, {
      onDelete: 'set null',
    }),
    joinAgeBypassLinkId: integer('join_age_bypass_link_id').references((): AnyPgColumn => ageBypassLinks.id, {
      onDelete: 'set null',
    }),
    isReturningMember: boolean('is_returning_member').notNull().default(false),
    reauthenticateAkahu: boolean('reauthenticate_akahu').notNull().default(false),
    /** Non-zero while a staff invitation is outstanding (SPEC §4); counts the invitations sent. */
    pendingInvite: integer('pending_invite').notNull().default(0),
    /** Door access for staff, granted by hand; members get access through their subscription. */
    accessEnabled: boolean('access_enabled').notNull().default(false),
    /**
     * A new address the member asked for on their account (issue 28), until they open the link sent to it
     * (`one_time_codes` purpose `email_change`); `email` stays the address they sign in with until then.
     */
    pendingEmail: text('pending_email'),
    deletedAt: instant('deleted_at'),
    ...timestamps(),
    /** What the global search matches: the name and the e-mail, lower case, on two lines (ADR 015). */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(name) || E'\\n' || lower(email)`),
    /**
     * What the trigram index holds: the same without the e-mail's domain, which thousands share, and
     * with the characters between words turned into `0` so a piece typed across them is one word to
     * pg_trgm (`SEARCH_KEY_SEPARATORS` in `app/db/search-key.ts`, which lists the same characters).
     */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs(
        sql`translate(lower(name) || E'\\n' || split_part(lower(email), '@', 1), E' \\n.-_\\'+\u2019', '00000000')`,
      ),
  },
  (t) => [
    uniqueIndex('users_organisation_email_unique').on(t.organisationId, sql`lower(${t.email})`),
    // Sign-in finds a user by address alone (the organisation is not known yet).
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_organisation_name_idx').on(t.organisationId, t.name),
    index('users_organisation_created_at_idx').on(t.organisationId, t.createdAt),
    // Staff and deleted members, who have no member summary: the payments and visits lists' member search
    // reads them here beside the summaries' trigram index (`memberTextCondition`).
    index('users_organisation_not_member_idx')
      .on(t.organisationId)
      .where(sql`${t.isStaff} or ${t.deletedAt} is not null`),
    index('users_current_gym_idx').on(t.currentGymId),
    index('users_home_gym_idx').on(t.homeGymId),
    index('users_default_payment_method_idx').on(t.defaultPaymentMethodId),
    // The global search (ADR 015) reads members only, through these five: the starts of the name, the
    // surname and the e-mail in byte order (collation "C", so a prefix is a range), the newest members
    // with their search text (read from the index alone), and trigrams of the search key for any other
    // part of either.
    index('users_search_name_idx')
      .on(t.organisationId, sql`(lower(${t.name}) collate "C")`)
      .where(sql`not ${t.isStaff} and ${t.deletedAt} is null`),
    index('users_search_surname_idx')
      .on(t.organisationId, sql`(regexp_replace(lower(${t.name}), '^.*\\s', '') collate "C")`)
      .where(sql`not ${t.isStaff} and ${t.deletedAt} is null`),
    index('users_search_email_idx')
      .on(t.organisationId, sql`(lower(${t.email}) collate "C")`)
      .where(sql`not ${t.isStaff} and ${t.deletedAt} is null`),
    index('users_search_recent_idx')
      .on(t.organisationId, t.createdAt.desc(), t.id.desc(), t.homeGymId, t.searchText)
      .where(sql`not ${t.isStaff} and ${t.deletedAt} is null`),
    index('users_search_trgm_idx')
      .using('gin', t.searchKey.op('gin_trgm_ops'))
      // New members go straight into the index rather than a pending list every search must read.
      .with({ fastupdate: false })
      .where(sql`not ${t.isStaff} and ${t.deletedAt} is null`),
    check('users_organisation_role_check', isOneOf(t.organisationRole, organisationRoles)),
    check(
      'users_confidence_and_experience_check',
      allOneOf(t.confidenceAndExperience, confidenceAndExperienceOptions),
    ),
    check('users_hear_about_us_check', allOneOf(t.hearAboutUs, hearAboutUsOptions)),
    check('users_pending_invite_check', sql`${t.pendingInvite} >= 0`),
  ],
)

/**
 * A member's bank account (open banking) or saved card. Card numbers never reach us: a card row only
 * holds the provider's references and the display details the provider returns.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...organisationRecord(),
    userId: reference('user_id', () => users.id, 'cascade'),
    // Cards are saved on the gym's own connected card account (direct charges), so a card is only
    // usable at that gym; bank accounts are not tied to a gym and leave this null.
    gymId: integer('gym_id').references(() => gyms.id, { onDelete: 'cascade' }),
    type: text('type', { enum: paymentMethodTypes }).notNull(),
    // Bank account.
    bankAccountNumber: text('bank_account_number'),
    name: text('name'),
    status: text('status'),
    // Card.
    brand: text('brand'),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    lastFour: text('last_four'),
    country: text('country'),
    /** Provider id of the method: Akahu account `acc_…` or card `pm_…`. */
    providerReference: text('provider_reference'),
    /** Provider id of the payer: card-provider customer `cus_…`. */
    providerCustomerReference: text('provider_customer_reference'),
    /**
     * The gym's connected card account (`acct_…`) the customer and card were saved on: direct charges
     * are made there (Stripe Connect), so `acct_`, `cus_` and `pm_` are kept together.
     */
    providerAccountReference: text('provider_account_reference'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    deletedAt: instant('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    index('payment_methods_provider_reference_idx').on(t.providerReference),
    check('payment_methods_type_check', isOneOf(t.type, paymentMethodTypes)),
  ],
)

/** A join link's life: who made it and when, until when it works, and who used it and when (once). */
const singleUse = () => ({
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: instant('expires_at'),
  usedAt: instant('used_at'),
  usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

/** A link that offers a private price (and optionally waives the age check) to whoever holds it. */
export const privatePriceLinks = pgTable(
  'private_price_links',
  {
    ...organisationRecord(),
    priceId: reference('price_id', () => prices.id, 'cascade'),
    token: text('token').notNull().unique(),
    ageBypass: boolean('age_bypass').notNull().default(false),
    ...singleUse(),
  },
  (t) => [index('private_price_links_price_idx').on(t.priceId)],
)

/** An organisation-level link that lets someone under the minimum age register. */
export const ageBypassLinks = pgTable(
  'age_bypass_links',
  {
    ...organisationRecord(),
    token: text('token').notNull().unique(),
    ...singleUse(),
  },
  (t) => [index('age_bypass_links_organisation_idx').on(t.organisationId)],
)
