import { LoadingPage, SkeletonBar } from '~/components/page-states'

/**
 * What the organisation settings screen shows while its data loads. A module of its own, importing only
 * the page states: a route's pending component is not code-split, so whatever it imports ships with
 * every page of both sites.
 */

export const organisationSettingsTitle = 'Organisation settings'
export const organisationSettingsDescription =
  'How your organisation bills, what it sells, and its links and webhooks.'

export function OrganisationSettingsSkeleton() {
  return (
    <LoadingPage title={organisationSettingsTitle} description={organisationSettingsDescription}>
      <div className="flex flex-col gap-6">
        <SkeletonBar className="h-28 w-full" />
        <SkeletonBar className="h-40 w-full" />
      </div>
    </LoadingPage>
  )
}
