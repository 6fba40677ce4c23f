import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage } from '~/components/page-states'
import { organisationIdOf, requireConsoleArea } from '~/features/auth/route-guard'
import { webhookQueries } from '~/features/webhooks/queries'
import { webhooksSearchSchema } from '~/features/webhooks/search'
import { WebhooksPage } from '~/features/webhooks/webhooks-page'

const description = 'What Stripe, Akahu and Kisi told Gymbase, and what came of it.'

/** The organisation's provider events (issue 26 point 6): organisation admins, filters in the address. */
export const Route = createFileRoute('/console/_staff/webhooks')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'organisation'),
  validateSearch: webhooksSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const organisationId = context.user.current_organisation?.id
    if (!organisationId) return
    await Promise.all([
      context.queryClient.ensureQueryData(webhookQueries.list(organisationId, deps)),
      context.queryClient.ensureQueryData(webhookQueries.types(organisationId)),
    ])
  },
  head: () => ({ meta: [{ title: 'Webhooks · Gymbase' }] }),
  errorComponent: ({ error }) => <LoadFailedPage title="Webhooks" description={description} error={error} />,
  component: function Webhooks() {
    const search = Route.useSearch()
    const { user } = Route.useRouteContext()
    return <WebhooksPage search={search} organisationId={organisationIdOf(user)} />
  },
})
