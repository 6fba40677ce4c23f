import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { SessionUser } from '~/contracts/auth'
import type { Offering } from '~/contracts/catalogue'
import { isOutsideGyms, organisationIdOf } from '~/features/auth/route-guard'
import { organisationQueries } from '~/features/organisation/queries'
import {
  fetchGymOfferings,
  fetchOffering,
  fetchOrganisationPrices,
  fetchUniqueMemberships,
} from './catalogue.functions'

/** Query options of the catalogue screens: loaders ensure them, components read them (STYLE.md). */
export const catalogueQueries = {
  all: ['catalogue'] as const,
  gymOfferings: (search: { gym_id: number; archived: boolean; page: number; search?: string | undefined }) =>
    queryOptions({
      queryKey: ['catalogue', 'offerings', search.gym_id, search.archived, search.page, search.search ?? ''],
      queryFn: () => fetchGymOfferings({ data: search }),
    }),
  offering: (id: number) =>
    queryOptions({ queryKey: ['catalogue', 'offering', id], queryFn: () => fetchOffering({ data: { id } }) }),
  uniqueMemberships: (gymId: number, offeringId: number) =>
    queryOptions({
      queryKey: ['catalogue', 'offering', offeringId, 'unique-memberships', gymId],
      queryFn: () => fetchUniqueMemberships({ data: { gym_id: gymId, offering_id: offeringId } }),
    }),
  organisationPrices: (organisationId: number) =>
    queryOptions({
      queryKey: ['catalogue', 'organisation-prices', organisationId],
      queryFn: () => fetchOrganisationPrices({ data: { organisation_id: organisationId } }),
    }),
}

export interface OfferingsSearch {
  gym_id?: number | undefined
  archived?: boolean | undefined
  page?: number | undefined
}

/**
 * The gym a list shows: the one asked for, else the user's current gym, else their first. A gym asked
 * for that isn't theirs gives none: the screen says so (isOutsideGyms) rather than showing another.
 */
export function offeringsGymId(user: SessionUser, search: OfferingsSearch): number | undefined {
  if (isOutsideGyms(user, search.gym_id)) return undefined
  return search.gym_id ?? user.current_gym?.id ?? user.gyms[0]?.id
}

export function offeringsQueryFor(user: SessionUser, search: OfferingsSearch) {
  const gymId = offeringsGymId(user, search)
  if (gymId === undefined) return undefined
  return catalogueQueries.gymOfferings({
    gym_id: gymId,
    archived: search.archived ?? false,
    page: search.page ?? 1,
  })
}

/** The gyms an offering's page counts members at: every gym the user has when it is sold at all. */
export function offeringGyms(offering: Offering, user: SessionUser): readonly { id: number; name: string }[] {
  return offering.all_gyms_access ? user.gyms : offering.gyms
}

/**
 * Starts the members-per-gym counts of an offering's page. The loader waits for them on a first visit
 * (so the server's HTML holds them) and not on a navigation (issue 13: first loads).
 */
export function prefetchMembersPerGym(queryClient: QueryClient, offering: Offering, user: SessionUser) {
  return Promise.all(
    offeringGyms(offering, user).map((gym) =>
      queryClient.prefetchQuery(catalogueQueries.uniqueMemberships(gym.id, offering.id)),
    ),
  )
}

/**
 * An offering, with its organisation's settings (the frequencies a new price may have): what the
 * offering's page and its edit form cannot show without.
 */
export async function ensureOfferingAndSettings(queryClient: QueryClient, user: SessionUser, id: number) {
  const [offering] = await Promise.all([
    queryClient.ensureQueryData(catalogueQueries.offering(id)),
    queryClient.ensureQueryData(organisationQueries.settings(organisationIdOf(user))),
  ])
  return offering
}
