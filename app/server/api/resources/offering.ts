import type { OfferingViewer } from '~/access/catalogue.server'
import { canManageOffering } from '~/access/catalogue.server'
import { type Offering, type OfferingSummary, offeringTypeLabels } from '~/contracts/catalogue'
import type {
  OfferingDetail,
  OfferingSummary as OfferingSummaryRow,
} from '~/server/services/offerings/find-offerings.server'
import type { PriceListing } from '~/server/services/prices/find-prices.server'
import { toPriceResource } from './price'

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** An offering in a list (SPEC §7). */
export function toOfferingSummaryResource(summary: OfferingSummaryRow): OfferingSummary {
  const row = summary.offering
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    all_gyms_access: row.allGymsAccess,
    mandated: row.mandated,
    hours_mandated: row.hoursMandated,
    prices_mandated: row.pricesMandated,
    gyms: summary.gyms,
    prices_count: summary.pricesCount,
    memberships_count: summary.membershipsCount,
    archived_at: iso(row.archivedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    display_type: offeringTypeLabels[row.type],
  }
}

/** An offering with its hours and prices, and whether the viewer may change it (ADR 013). */
export function toOfferingResource(options: {
  detail: OfferingDetail
  prices: PriceListing[]
  viewer: OfferingViewer
}): Offering {
  const { detail } = options
  return {
    ...toOfferingSummaryResource(detail),
    hours: detail.hours.map((window) => ({
      id: window.id,
      day: window.day,
      open_at: window.openAt.slice(0, 5),
      close_at: window.closeAt.slice(0, 5),
    })),
    prices: options.prices.map(toPriceResource),
    in_use: options.prices.some((listing) => listing.inUse),
    can_manage: canManageOffering(options.viewer, {
      allGymsAccess: detail.offering.allGymsAccess,
      gymIds: detail.gyms.map((gym) => gym.id),
    }),
  }
}

/** Opening hours as the offering form sends them, as the offering services take them. */
export function fromHoursRequest<Day>(hours: ReadonlyArray<{ day: Day; open_at: string; close_at: string }>) {
  return hours.map((window) => ({ day: window.day, openAt: window.open_at, closeAt: window.close_at }))
}
