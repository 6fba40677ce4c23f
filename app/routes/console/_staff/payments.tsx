import { createFileRoute } from '@tanstack/react-router'
import { LoadFailedPage, OutsideGymsPage } from '~/components/page-states'
import { isOutsideGyms, loadForOwnGym, requireConsoleArea } from '~/features/auth/route-guard'
import { PaymentsPage } from '~/features/payments/payments-page'
import { paymentQueries } from '~/features/payments/queries'
import { paymentsSearchSchema } from '~/features/payments/search'

const description = 'Every payment of the gyms you run.'

/** payments.index: the payments of the gyms the user runs, filtered, sorted and paged by the address (issue 16). */
export const Route = createFileRoute('/console/_staff/payments')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'payments'),
  validateSearch: paymentsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadForOwnGym(context.user, deps.gym_id, () =>
      context.queryClient.ensureQueryData(paymentQueries.list(deps)),
    ),
  head: () => ({ meta: [{ title: 'Payments · Gymbase' }] }),
  errorComponent: ({ error }) => <LoadFailedPage title="Payments" description={description} error={error} />,
  component: function Payments() {
    const search = Route.useSearch()
    const { user } = Route.useRouteContext()
    if (isOutsideGyms(user, search.gym_id)) {
      return (
        <OutsideGymsPage title="Payments" description={description} gyms={user.gyms} to="/console/payments" />
      )
    }
    // The gyms whose money the user sees: all for an organisation admin, else the ones they run.
    const moneyGyms =
      user.current_organisation?.role === 'admin'
        ? user.gyms
        : user.gyms.filter((gym) => gym.role === 'admin')
    return <PaymentsPage search={search} gyms={moneyGyms} />
  },
})
