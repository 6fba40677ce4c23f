import { createFileRoute } from '@tanstack/react-router'
import { fetchAccountDetails } from '~/features/account/details-functions'
import { DetailsPage } from '~/features/account/details-page'

/** The member's own details (issue 28, point 7): contact, e-mail, password, devices, data, closing. */
export const Route = createFileRoute('/join/_member/account/details')({
  loader: () => fetchAccountDetails(),
  head: () => ({ meta: [{ title: 'Your details · Gymbase' }] }),
  component: function Details() {
    return <DetailsPage details={Route.useLoaderData()} />
  },
})
