import type { BillingFrequency, TermUnit } from '~/contracts/enums'
import type {
  AddMemberRequest,
  MemberDetail,
  MemberPayment,
  MemberRow,
  MemberStanding,
} from '~/contracts/members'
import { membershipTypeLabel } from '~/contracts/subscription-state'
import type { payments } from '~/db/schema'
import { profilePictureUrl } from '~/server/auth/session-user.server'
import type { NextCharge } from '~/server/billing/next-charge'
import { describeMembership } from '~/server/services/members/describe-membership.server'
import type { costPerVisit, findPeriodsInRange } from '~/server/services/members/find-member-activity.server'
import type { MemberDetailRow } from '~/server/services/members/find-member-detail.server'
import type {
  findMemberAuditPage,
  findMemberVisits,
} from '~/server/services/members/find-member-history.server'
import type { MemberListRow } from '~/server/services/members/find-member-page.server'
import type { SubscriptionRow } from '~/server/services/subscriptions/manage-subscription.server'
import { toNextChargeResource } from './next-charge'
import { paymentPeriodFields, paymentStatusFields } from './payment-row'
import { toPaymentTypeResource } from './payment-type'

/**
 * A member of the list: their latest membership read with SPEC §4's rules (describeMembership), money
 * left out for staff who may not see it (ADR 014: trainers).
 */
export function toMemberRowResource(
  row: MemberListRow,
  options: { now: Date; seesMoney: boolean },
): MemberRow {
  const { startDate } = row.sub
  const sub = row.sub.id != null && startDate != null ? { ...row.sub, startDate } : null
  const { state, states, card_colour } = describeMembership(sub, options.now)
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile_number: row.mobileNumber,
    profile_picture: profilePictureUrl({ id: row.id, profilePicture: row.profilePicture }),
    gym: row.gym?.id != null ? row.gym : null,
    offering: sub && row.offering?.id != null ? row.offering : null,
    price:
      sub && row.price?.id != null
        ? {
            id: row.price.id,
            amount: options.seesMoney ? (sub.forcePriceAmount ?? row.price.amount) : null,
            billing_frequency: row.price.billingFrequency,
          }
        : null,
    state,
    states,
    card_colour,
    balance_owing: options.seesMoney ? (sub?.balanceOwing ?? 0) : null,
    last_visit_at: row.lastVisitAt?.toISOString() ?? null,
    joined_at: row.joinedAt.toISOString(),
    tags: row.tags,
  }
}

/** The member's page: their row, their latest membership read with SPEC §4's rules, how they pay. */
export function toMemberDetailResource(
  row: MemberDetailRow,
  options: { now: Date; seesMoney: boolean },
): MemberDetail {
  const { user, latest } = row
  return {
    id: user.id,
    sees_money: options.seesMoney,
    name: user.name,
    email: user.email,
    mobile_number: user.mobileNumber,
    dob: user.dob,
    profile_picture: profilePictureUrl({ id: user.id, profilePicture: user.profilePicture }),
    joined_at: user.createdAt.toISOString(),
    tags: user.tags,
    notes: user.notes,
    home_gym: row.homeGym?.id != null ? row.homeGym : null,
    address: { address: user.address, suburb: user.suburb, city: user.city, post_code: user.postCode },
    emergency_contact: {
      name: user.emergencyContactName,
      relationship: user.emergencyContactRelationship,
      mobile_number: user.emergencyContactMobileNumber,
      email: user.emergencyContactEmail,
    },
    preferences: {
      email_notifications_enabled: user.emailNotificationsEnabled,
      push_notifications_enabled: user.pushNotificationsEnabled,
      payment_reminders: user.paymentReminders,
    },
    payment_methods: row.paymentMethods.methods.map((method) =>
      toPaymentTypeResource(method, row.paymentMethods.defaultId),
    ),
    ...toMemberStandingResource(
      latest
        ? {
            subscription: latest.subscription,
            gym: latest.gym?.id != null ? latest.gym : null,
            offering: latest.offering,
            price: latest.price,
            nextCharge: row.nextCharge,
            priceChange: row.priceChange,
          }
        : null,
      options,
    ),
  }
}

/** A membership as the member's page shows it: its rows, its next charge and its booked price change. */
export interface MembershipStandingRow {
  subscription: SubscriptionRow
  gym: { id: number; name: string } | null
  offering: { id: number; name: string }
  price: {
    id: number
    amount: number | null
    billingFrequency: BillingFrequency
    termAmount: number | null
    termUnit: TermUnit | null
  }
  nextCharge: NextCharge | null
  priceChange: {
    id: number
    amount: number | null
    billingFrequency: BillingFrequency
    offeringName: string
    takesEffectOn: string
  } | null
}

/**
 * The membership part of the member's page (`MemberStanding`): the page reading the member, and a staff
 * change answering the membership it just changed, say it in the same words.
 */
export function toMemberStandingResource(
  row: MembershipStandingRow | null,
  options: { now: Date; seesMoney: boolean },
): MemberStanding {
  const sub = row?.subscription ?? null
  const { state, states, card_colour, reason } = describeMembership(sub, options.now, {
    seesMoney: options.seesMoney,
  })
  const instant = options.now.toISOString()
  return {
    membership:
      row && sub
        ? {
            id: sub.id,
            gym: row.gym,
            offering: row.offering,
            price: {
              id: row.price.id,
              amount: options.seesMoney ? (sub.forcePriceAmount ?? row.price.amount) : null,
              billing_frequency: row.price.billingFrequency,
            },
            start_date: sub.startDate,
            current_period_start: sub.currentPeriodStart,
            current_period_end: sub.currentPeriodEnd,
            type_label: membershipTypeLabel(
              {
                term_amount: row.price.termAmount,
                term_unit: row.price.termUnit,
                term_ends_at: sub.termEndsAt,
                cooling_period_ends_at: sub.coolingPeriodEndsAt,
              },
              instant,
            ),
            reason,
            term_ends_at: sub.termEndsAt,
            pause_start_at: sub.pauseStartAt,
            pause_end_at: sub.pauseEndAt,
            cancelled_at: sub.cancelledAt?.toISOString() ?? null,
            undo_cancellation_until: sub.undoCancellationUntil?.toISOString() ?? null,
            grace_period_ends_at: sub.gracePeriodEndsAt,
            upcoming_state: sub.upcomingState,
            price_change: row.priceChange
              ? {
                  price_id: row.priceChange.id,
                  // The renewal the new price is first charged on (`priceChangeTakesEffectOn`).
                  takes_effect_on: row.priceChange.takesEffectOn,
                  offering_name: row.priceChange.offeringName,
                  amount: options.seesMoney ? row.priceChange.amount : null,
                  billing_frequency: row.priceChange.billingFrequency,
                }
              : null,
            next_charge: toNextChargeResource(row.nextCharge, { seesMoney: options.seesMoney }),
            version: sub.version,
          }
        : null,
    state,
    states,
    card_colour,
    balance_owing: options.seesMoney ? (sub?.balanceOwing ?? 0) : null,
  }
}

export function toMemberPaymentResource(
  row: typeof payments.$inferSelect,
  fixable: ReadonlySet<number>,
): MemberPayment {
  return {
    id: row.id,
    due_on: row.dueOn,
    paid_at: row.paidAt?.toISOString() ?? null,
    amount: row.amount,
    surcharge: row.surcharge,
    credit_used: row.creditUsed,
    ...paymentStatusFields(row, fixable),
    type: row.type,
    ...paymentPeriodFields(row),
  }
}

type HistoryEntry = Awaited<ReturnType<typeof findMemberAuditPage>>['rows'][number]

/** A line of the member's history: a change (in the words it was said then) or an e-mail they were sent. */
export function toMemberHistoryResource(entry: HistoryEntry, options: { seesMoney: boolean }) {
  if (entry.kind === 'email') {
    const mail = entry.row
    return {
      id: mail.id,
      action: 'email.sent',
      description: entry.description,
      actor: null,
      self_service: false,
      created_at: mail.createdAt.toISOString(),
      email: {
        to: mail.to,
        subject: mail.subject,
        text: options.seesMoney ? mail.text : null,
        status: mail.status,
      },
    }
  }
  const row = entry.row
  return {
    id: row.id,
    action: row.action,
    description: entry.description,
    actor: row.actor?.id != null ? row.actor : null,
    self_service: row.changes.self_service === true,
    created_at: row.createdAt.toISOString(),
    email: null,
  }
}

/** A door event on the member's page. */
export function toMemberVisitResource(row: Awaited<ReturnType<typeof findMemberVisits>>['rows'][number]) {
  return { id: row.id, visited_at: row.visitedAt.toISOString(), gym: row.gym, successful: row.successful }
}

/** A membership period on the member's activity chart; its amount only for those who see money. */
export function toMemberPeriodResource(
  period: Awaited<ReturnType<typeof findPeriodsInRange>>[number],
  options: { seesMoney: boolean },
) {
  return {
    starts_on: period.startsOn,
    ends_on: period.endsOn,
    offering: period.offering,
    amount: options.seesMoney ? period.amount : null,
    status_kind: period.statusKind,
  }
}

/** A week of the member's visits. */
export function toMemberWeekResource(week: { startsOn: string; endsOn: string; visits: number }) {
  return { starts_on: week.startsOn, ends_on: week.endsOn, visits: week.visits }
}

/** A week of the member's visits with what it cost them. */
export function toMemberWeekCostResource(week: ReturnType<typeof costPerVisit>[number]) {
  return { ...toMemberWeekResource(week), cost: week.cost, cost_per_visit: week.costPerVisit }
}

/** The desk's "Add member" form as `addMember` takes it. */
export function fromAddMemberRequest(body: AddMemberRequest) {
  return {
    name: body.name,
    email: body.email,
    mobileNumber: body.mobile_number,
    dob: body.dob,
    gymId: body.gym_id,
    priceId: body.price_id,
  }
}
