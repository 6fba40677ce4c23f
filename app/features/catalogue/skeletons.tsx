import { LoadingPage, SkeletonBar, SkeletonTable } from '~/components/page-states'

/**
 * What the catalogue screens show while their data loads. A module of their own, importing only the
 * page states: a route's pending component is not code-split, so whatever it imports ships with every
 * page of both sites.
 */

/** The pro-rata screen's heading, shared by its page and its loading and failure states. */
export const proRataTitle = 'Calculate pro rata'
export const proRataDescription =
  'What a member pays for the days between joining and their first regular billing date.'

export function OfferingsSkeleton() {
  return (
    <LoadingPage title="Offerings" description="Membership types and their prices.">
      <SkeletonTable columns={5} rows={6} />
    </LoadingPage>
  )
}

export function OfferingSkeleton() {
  return (
    <LoadingPage title="Offering" description="">
      <div className="flex flex-col gap-6">
        <SkeletonBar className="h-40 w-full" />
        <SkeletonTable columns={5} rows={3} />
      </div>
    </LoadingPage>
  )
}
