import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { OrganisationSettingsPage } from '~/features/organisation/organisation-settings-page'
import { organisationQueries } from '~/features/organisation/queries'
import {
  OrganisationSettingsSkeleton,
  organisationSettingsDescription,
  organisationSettingsTitle,
} from '~/features/organisation/skeletons'

/** organisation.settings: organisation admins only; everyone else goes to the dashboard (SPEC §2.2). */
export const Route = createFileRoute('/console/_staff/organisation/settings')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(organisationQueries.settings(organisationIdOf(context.user))),
  head: () => ({ meta: [{ title: `${organisationSettingsTitle} · Gymbase` }] }),
  pendingComponent: OrganisationSettingsSkeleton,
  errorComponent: ({ error }) => (
    <LoadFailedPage
      title={organisationSettingsTitle}
      description={organisationSettingsDescription}
      error={error}
    />
  ),
  component: function OrganisationSettings() {
    return <OrganisationSettingsPage organisationId={organisationIdOf(Route.useRouteContext().user)} />
  },
})
