import { emailAddressSchema, mobileNumberSchema } from '~/contracts/auth'
import { cardColourSchema, memberStateSchema } from '~/contracts/billing-debugging'
import { billingFrequencies } from '~/contracts/enums'
import { paymentTypeSchema } from '~/contracts/join-payment'
import { namedSchema, pageFields, yesNo } from '~/contracts/list-fields'
import { MAX_NOT_VISITED_DAYS, memberFilterStates, memberSorts } from '~/contracts/member-filters'
import { nextChargeSchema } from '~/contracts/next-charge'
import { paymentMoneyFields, paymentPeriodFields } from '~/contracts/payments'
import { paymentStatusKinds } from '~/contracts/subscription-state'
import { calendarDate, dateOfBirth, MAX_RECORD_ID, queryRecordId, z } from '~/lib/validation'

export * from '~/contracts/member-filters'

/**
 * The members list (issue 15): `GET /api/members` and `POST /api/members/export` take the same filters,
 * so the file holds exactly the rows the screen lists. Money is integer cents; days are
 * Pacific/Auckland calendar days (`YYYY-MM-DD`), instants ISO 8601.
 */

const recordId = queryRecordId

const filterShape = {
  search: z.string().trim().max(200).optional(),
  state: z.enum(memberFilterStates).optional(),
  gym_id: recordId.optional(),
  offering_id: recordId.optional(),
  tag: z.string().trim().min(1).max(60).optional(),
  joined_from: calendarDate.optional(),
  joined_to: calendarDate.optional(),
  /** Members whose last successful visit is more than this many days ago, or who never came. */
  not_visited_days: z.coerce.number().int().min(1).max(MAX_NOT_VISITED_DAYS).optional(),
  /** Members whose membership owes money (`true`), or owes none (`false`). */
  owing: z.union([z.boolean(), yesNo]).optional(),
  sort: z.enum(memberSorts).default('name'),
}

export const joinedRangeMessage = 'Choose a day on or after the “joined from” day'
export const joinedFromRangeMessage = 'Choose a day on or before the “joined to” day'

function joinedRangeInOrder(filters: { joined_from?: string; joined_to?: string }) {
  return !filters.joined_from || !filters.joined_to || filters.joined_from <= filters.joined_to
}
const joinedRange = { path: ['joined_to'], message: joinedRangeMessage }

/** The filters, as a JSON body (the export). */
export const memberFiltersSchema = z.object(filterShape).refine(joinedRangeInOrder, joinedRange)
export type MemberFilters = z.input<typeof memberFiltersSchema>
export type ParsedMemberFilters = z.output<typeof memberFiltersSchema>

/** The filters and the page, as a query string (the list). */
export const membersQuerySchema = z
  .object({
    ...filterShape,
    ...pageFields(),
  })
  .refine(joinedRangeInOrder, joinedRange)
export type MembersQuery = z.input<typeof membersQuerySchema>

export const memberRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  /** The photo's address, or null. */
  profile_picture: z.string().nullable(),
  /** The membership's gym, else the member's home gym. */
  gym: namedSchema.nullable(),
  offering: namedSchema.nullable(),
  /** The price of the latest membership; `amount` is null for staff who may not see money (ADR 014). */
  price: z
    .object({
      id: z.number().int(),
      amount: z.number().int().nullable(),
      billing_frequency: z.enum(billingFrequencies),
    })
    .nullable(),
  /** The state the badge shows (SPEC §4), and every state that holds today. */
  state: memberStateSchema,
  states: z.array(memberStateSchema),
  card_colour: cardColourSchema.nullable(),
  /** Cents owing on the latest membership; null for staff who may not see money. */
  balance_owing: z.number().int().nullable(),
  last_visit_at: z.string().nullable(),
  joined_at: z.string(),
  tags: z.array(z.string()),
})
export type MemberRow = z.infer<typeof memberRowSchema>

/** What the list's filters offer: the caller's gyms, the offerings there and the tags in use. */
export const memberFilterOptionsSchema = z.object({
  gyms: z.array(namedSchema),
  offerings: z.array(namedSchema),
  tags: z.array(z.string()),
  /** Whether the caller sees money (balance owing, prices): organisation and gym admins. */
  sees_money: z.boolean(),
})
export type MemberFilterOptions = z.infer<typeof memberFilterOptionsSchema>

/** `GET /api/members/{id}`: the member's page — who they are, how their membership stands, how they pay. */
export const memberDetailSchema = z.object({
  id: z.number().int(),
  /** The viewer runs the member's gym: they see the member's money and door code (ADR 032). */
  sees_money: z.boolean(),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  dob: z.string().nullable(),
  profile_picture: z.string().nullable(),
  joined_at: z.string(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  home_gym: namedSchema.nullable(),
  address: z.object({
    address: z.string().nullable(),
    suburb: z.string().nullable(),
    city: z.string().nullable(),
    post_code: z.string().nullable(),
  }),
  emergency_contact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    mobile_number: z.string().nullable(),
    email: z.string().nullable(),
  }),
  preferences: z.object({
    email_notifications_enabled: z.boolean(),
    push_notifications_enabled: z.boolean(),
    payment_reminders: z.boolean(),
  }),
  payment_methods: z.array(paymentTypeSchema),
  /** The latest membership (not one being assembled at sign-up), or null. */
  membership: z
    .object({
      id: z.number().int(),
      gym: namedSchema.nullable(),
      offering: namedSchema,
      price: z.object({
        id: z.number().int(),
        amount: z.number().int().nullable(),
        billing_frequency: z.enum(billingFrequencies),
      }),
      start_date: z.string(),
      current_period_start: z.string().nullable(),
      /** Exclusive: the renew date. */
      current_period_end: z.string().nullable(),
      /** SPEC §4's membership type label: Flexi, a term with its commitment, or cooling-off. */
      type_label: z.string(),
      /** The standing in words, for "why can't I get in?". */
      reason: z.string(),
      /** The last day of a term membership's commitment (null for flexi): a price change waits for it. */
      term_ends_at: z.string().nullable(),
      /** First and last paused day (inclusive) of a pause now or ahead. */
      pause_start_at: z.string().nullable(),
      pause_end_at: z.string().nullable(),
      cancelled_at: z.string().nullable(),
      undo_cancellation_until: z.string().nullable(),
      grace_period_ends_at: z.string().nullable(),
      /** SPEC §3's upcoming_state: `upcoming` until a future start begins (or is started early). */
      upcoming_state: z.string().nullable(),
      /**
       * A price change scheduled that will take effect: the price it moves to and the renewal it is first
       * charged on (null when the membership ends before it).
       */
      price_change: z
        .object({
          price_id: z.number().int(),
          takes_effect_on: z.string(),
          offering_name: z.string(),
          amount: z.number().int().nullable(),
          billing_frequency: z.enum(billingFrequencies),
        })
        .nullable(),
      /** What the engine charges next (`nextCharge`, ADR 031); null when nothing more is charged. */
      next_charge: nextChargeSchema.nullable(),
      version: z.number().int(),
    })
    .nullable(),
  state: memberStateSchema,
  states: z.array(memberStateSchema),
  card_colour: cardColourSchema.nullable(),
  /** Cents owing; null for staff who may not see money. */
  balance_owing: z.number().int().nullable(),
})
export type MemberDetail = z.infer<typeof memberDetailSchema>

/**
 * What a change to a membership changes on the member's page: the membership as it now stands and the
 * member's standing (state, badge colour, balance). The staff actions answer it, so the page sets it.
 */
export const memberStandingSchema = memberDetailSchema.pick({
  membership: true,
  state: true,
  states: true,
  card_colour: true,
  balance_owing: true,
})
export type MemberStanding = z.infer<typeof memberStandingSchema>

/** One of a member's payments, newest first (`GET /api/users/{id}/payments`). */
export const memberPaymentSchema = z.object({
  id: z.number().int(),
  due_on: z.string(),
  paid_at: z.string().nullable(),
  ...paymentMoneyFields,
  status: z.string(),
  /** SPEC §4: success (sent), upcoming, pending, or failed. */
  status_kind: z.enum(paymentStatusKinds),
  /** Why it failed, in words ("Your card was declined."), or null. */
  failure_reason: z.string().nullable(),
  /** A failure still owed that staff can retry now, send as a payment link or waive (issue 16). */
  fixable: z.boolean(),
  type: z.string(),
  ...paymentPeriodFields,
})
export type MemberPayment = z.infer<typeof memberPaymentSchema>

/** One of a member's door events, newest first (`GET /api/users/{id}/visits`). */
export const memberVisitSchema = z.object({
  id: z.number().int(),
  visited_at: z.string(),
  gym: namedSchema,
  successful: z.boolean(),
})
export type MemberVisit = z.infer<typeof memberVisitSchema>

export const memberHistoryQuerySchema = z.object({
  ...pageFields(20),
})

/** One line of the member's history (`GET /api/members/{id}/history`): who did what, when. */
export const memberHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** An audit action (`membership.paused`), or `email.sent` for a notice the member was sent. */
  action: z.string(),
  description: z.string(),
  actor: namedSchema.nullable(),
  /** The member made this change themselves, in their account on the join site (issue 28). */
  self_service: z.boolean(),
  created_at: z.string(),
  /**
   * The e-mail, for `email.sent`: its subject and address for everyone who may see the member; its
   * text for those who may see money (receipts and notices name amounts), else null.
   */
  email: z
    .object({ to: z.string(), subject: z.string(), text: z.string().nullable(), status: z.string() })
    .nullable(),
})
export type MemberHistoryEntry = z.infer<typeof memberHistoryEntrySchema>

/** `POST /api/members`: staff add a member, who is e-mailed a link to finish joining (issue 15). */
export const addMemberRequestSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  mobile_number: mobileNumberSchema,
  dob: dateOfBirth,
  gym_id: z.number().int().positive().max(MAX_RECORD_ID),
  /** The membership to preselect when they confirm; they can still choose another. */
  price_id: z.number().int().positive().max(MAX_RECORD_ID).optional(),
})
export type AddMemberRequest = z.input<typeof addMemberRequestSchema>

const optionalText = (max: number) => z.string().trim().max(max)

/**
 * `PUT /api/members/{id}`: the member's details as staff keep them, with the join site's rules (SPEC §5;
 * issue 14's About you). `email` is the member's sign-in address (left out: unchanged); a new one must
 * be free in the organisation, and the member is told at the old one (ADR 025).
 */
export const updateMemberRequestSchema = z.object({
  name: z.string().trim().min(1).max(120),
  email: emailAddressSchema.optional(),
  mobile_number: mobileNumberSchema,
  dob: dateOfBirth,
  address: optionalText(200),
  suburb: optionalText(100),
  city: optionalText(100),
  post_code: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Enter the 4-digit post code.'),
  ]),
  emergency_contact_name: optionalText(120),
  emergency_contact_relationship: optionalText(60),
  emergency_contact_mobile_number: z.union([z.literal(''), mobileNumberSchema]),
  emergency_contact_email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email())]),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  notes: optionalText(5000),
  email_notifications_enabled: z.boolean(),
  push_notifications_enabled: z.boolean(),
  payment_reminders: z.boolean(),
})
export type UpdateMemberRequest = z.input<typeof updateMemberRequestSchema>

/** The activity screen's range: the last N weeks (Monday to Sunday, Auckland), this one included. */
export const memberActivityQuerySchema = z.object({
  weeks: z.coerce.number().int().min(4).max(104).default(12),
})

const weekSchema = z.object({ starts_on: z.string(), ends_on: z.string() })

/** `GET /api/members/{id}/weekly-visits`: successful visits per week. */
export const weeklyVisitsSchema = z.array(weekSchema.extend({ visits: z.number().int() }))

/** `GET /api/members/{id}/subscription-periods`: the billing periods in the range, with their payment. */
export const subscriptionPeriodsSchema = z.array(
  z.object({
    starts_on: z.string(),
    /** Exclusive, as billing keeps it. */
    ends_on: z.string().nullable(),
    offering: z.string(),
    amount: z.number().int().nullable(),
    status_kind: z.enum(paymentStatusKinds),
  }),
)

/**
 * `GET /api/members/{id}/weekly-cost-per-visit`: what the member paid for each week (each paid period's
 * amount spread over its days) and what that came to per visit; null without a visit.
 */
export const weeklyCostPerVisitSchema = z.array(
  weekSchema.extend({
    cost: z.number().int(),
    visits: z.number().int(),
    cost_per_visit: z.number().int().nullable(),
  }),
)

/** `GET /api/prices/{id}/memberships`: the memberships on a price, for the bulk price change. */
export const priceMembershipSchema = z.object({
  subscription_id: z.number().int(),
  version: z.number().int(),
  member: namedSchema,
  gym: namedSchema.nullable(),
  /** What they pay now (a forced amount, else the price's). */
  amount: z.number().int(),
  /** Exclusive end of the current period: when a change "at the period end" takes effect. */
  current_period_end: z.string().nullable(),
  /** Within a term: a change takes effect when the term is over, not at the period end. */
  term_ends_at: z.string().nullable(),
  within_term: z.boolean(),
  /** A change is already scheduled; scheduling another replaces it. */
  price_change_scheduled: z.boolean(),
})
export type PriceMembership = z.infer<typeof priceMembershipSchema>

/** `POST /api/subscriptions/schedule-price-changes`: one new price for many memberships, at once. */
export const schedulePriceChangesRequestSchema = z.object({
  price_id: z.number().int().positive().max(MAX_RECORD_ID),
  /** Empty: each membership's own period end (a term membership's term end). */
  date: calendarDate.nullish(),
  subscriptions: z
    .array(
      z.object({ id: z.number().int().positive().max(MAX_RECORD_ID), version: z.number().int().positive() }),
    )
    .min(1, 'Choose at least one membership')
    .max(2000),
})

/** Before a bulk change is confirmed (issue 25): what it does to each membership, and which are refused. */
export const priceChangesPreviewSchema = z.object({
  changes: z.array(
    z.object({
      subscription_id: z.number().int(),
      member: namedSchema,
      /** What they pay now (a forced amount, else their price's) and would pay, in cents. */
      from_amount: z.number().int(),
      to_amount: z.number().int(),
      /** Over a year of it, whatever the frequencies: dearer, cheaper or the same. */
      kind: z.enum(['rise', 'cut', 'same']),
      takes_effect_on: z.string(),
      /** "Price rises need 30 days' notice: the earliest day is 27 Dec 2026", or null. */
      refused: z.string().nullable(),
    }),
  ),
})
export type PriceChangesPreview = z.infer<typeof priceChangesPreviewSchema>

export const scheduledPriceChangesSchema = z.object({
  /** Each membership scheduled: the e-mail its notice went to, and the day the change takes effect. */
  scheduled: z.array(
    z.object({ subscription_id: z.number().int(), email: z.string(), takes_effect_on: z.string() }),
  ),
})
