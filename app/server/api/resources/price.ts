import { formatTerm, type Price, type PrivateLink, type UpdatePriceRequest } from '~/contracts/catalogue'
import { hasTerm } from '~/contracts/price-rules'
import type { proRata } from '~/server/billing/pro-rata'
import { termTotalValue } from '~/server/billing/term-value'
import type { PriceListing, PrivateLinkRow } from '~/server/services/prices/find-prices.server'
import { publicSiteUrl } from '../request-info'

/** A price as the API takes it (snake_case, optional parts absent), as the price services take it. */
export function fromPriceRequest(price: UpdatePriceRequest) {
  return {
    amount: price.amount,
    billingFrequency: price.billing_frequency,
    joiningFee: price.joining_fee ?? 0,
    private: price.private,
    termAmount: price.term_amount ?? null,
    termUnit: price.term_unit ?? null,
  }
}

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** A price as the API answers it (SPEC §7). */
export function toPriceResource(listing: PriceListing): Price {
  const { price } = listing
  return {
    id: price.id,
    offering_id: price.offeringId,
    offering_name: listing.offeringName,
    gym: listing.gym,
    amount: price.amount,
    billing_frequency: price.billingFrequency,
    joining_fee: price.joiningFee,
    private: price.private,
    term_amount: price.termAmount,
    term_unit: price.termUnit,
    is_term_membership: hasTerm(price),
    formatted_term: formatTerm(price.termAmount, price.termUnit),
    total_value: termTotalValue(price),
    grouping_unique_identifier: price.groupingUniqueIdentifier,
    subscriptions_count: listing.subscriptionsCount,
    members_count: listing.membersNow,
    in_use: listing.inUse,
    archived_at: iso(price.archivedAt),
    private_links: listing.links.map((link) => toPrivateLinkResource(link, listing.joinGymUuid)),
  }
}

/** The join-site address a link opens: the gym (when known) and the link's token. */
export function toPrivateLinkResource(link: PrivateLinkRow, gymUuid: string | null): PrivateLink {
  const query = new URLSearchParams({ ...(gymUuid ? { gym: gymUuid } : {}), link: link.token })
  return {
    id: link.id,
    url: publicSiteUrl('join', `/?${query}`),
    age_bypass: link.ageBypass,
    created_at: link.createdAt.toISOString(),
    expires_at: iso(link.expiresAt),
    used_at: iso(link.usedAt),
  }
}

/** The console's pro-rata calculator's answer. */
export function toProRataResource(result: ReturnType<typeof proRata>) {
  return {
    amount: result.amount,
    days: result.days,
    period_days: result.periodDays,
    daily_rate: result.dailyRate,
    explanation: result.explanation,
  }
}
