import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { requireOrganisationAdmin } from '~/features/auth/guards'
import { OrganisationSettingsPage } from '~/features/catalogue/organisation-settings-page'
import { organisationQueries } from '~/features/catalogue/queries'
import { OrganisationSettingsSkeleton } from '~/features/catalogue/skeletons'

/** organisation.settings: organisation admins only; everyone else goes to the dashboard (SPEC §2.2). */
export const Route = createFileRoute('/console/_staff/organisation/settings')({
  beforeLoad: ({ context }) => requireOrganisationAdmin(context.user),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(
      organisationQueries.settings(context.user.current_organisation?.id ?? 0),
    ),
  head: () => ({ meta: [{ title: 'Organisation settings · Gymbase' }] }),
  pendingComponent: OrganisationSettingsSkeleton,
  errorComponent: ({ error }) => (
    <LoadFailedPage title="Organisation settings" description="" error={error} />
  ),
  component: function OrganisationSettings() {
    return (
      <OrganisationSettingsPage organisationId={Route.useRouteContext().user.current_organisation?.id ?? 0} />
    )
  },
})
