import type { MemberRow } from '~/features/members/contract'
import { profilePictureUrl } from '~/server/auth/session-user.server'
import { describeMembership } from '~/server/services/members/describe-membership.server'
import type { MemberListRow } from '~/server/services/members/find-member-page.server'

/**
 * A member of the list: their latest membership read with SPEC §4's rules (describeMembership), money
 * left out for staff who may not see it (ADR 014: trainers).
 */
export function toMemberRowResource(
  row: MemberListRow,
  options: { now: Date; seesMoney: boolean },
): MemberRow {
  const sub = row.sub?.id != null && row.sub.startDate != null ? row.sub : null
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
