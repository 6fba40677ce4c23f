import type { AccountCosts, CostMarker } from '~/contracts/account-costs'
import type { ChargeMarker } from '~/server/billing/charge-projection.server'
import type { AccountCostsFigures } from '~/server/services/account/find-account-costs.server'
import { toMemberWeekCostResource } from './member'

/** The member's costs as `GET /api/me/account/costs` gives them. */
export function toAccountCostsResource(figures: AccountCostsFigures): AccountCosts {
  const { membership } = figures
  return {
    membership: membership && {
      id: membership.id,
      offering_name: membership.offeringName,
      gym_name: membership.gymName,
      billing_frequency: membership.billingFrequency,
      ends_on: membership.endsOn,
    },
    months: figures.months,
    from: figures.from,
    until: figures.until,
    charges: figures.projection.charges.map((charge) => ({
      on: charge.on,
      amount: charge.amount,
      surcharge: charge.surcharge,
      total: charge.total,
      kind: charge.kind,
      new_price: charge.newPrice,
    })),
    markers: figures.projection.markers.map(toCostMarkerResource),
    no_charges_reason: figures.noChargesReason,
    paid_this_year: figures.paidThisYear,
    weeks: figures.weeks.map(toMemberWeekCostResource),
    cost_per_visit: {
      cost: figures.costPerVisit.cost,
      visits: figures.costPerVisit.visits,
      per_visit: figures.costPerVisit.perVisit,
    },
    since_joining: figures.sinceJoining && {
      since: figures.sinceJoining.since,
      cost: figures.sinceJoining.cost,
      visits: figures.sinceJoining.visits,
      per_visit: figures.sinceJoining.perVisit,
    },
  }
}

function toCostMarkerResource(marker: ChargeMarker): CostMarker {
  return marker
}
