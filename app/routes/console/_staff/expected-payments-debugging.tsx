import { createFileRoute } from '@tanstack/react-router'
import { OutsideGymsPage } from '~/components/page-states'
import { isOutsideGyms, loadForOwnGym, requireConsoleArea } from '~/features/auth/route-guard'
import {
  ExpectedPaymentsError,
  ExpectedPaymentsPage,
  ExpectedPaymentsSkeleton,
  expectedPaymentsScreen,
} from '~/features/billing-debugging/expected-payments-page'
import { expectedPaymentsQuery } from '~/features/billing-debugging/queries'
import { expectedPaymentsSearchSchema } from '~/features/billing-debugging/search'

/** Expected against collected payments, week by week (SPEC §2.2, issue 4). */
export const Route = createFileRoute('/console/_staff/expected-payments-debugging')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'payments'),
  validateSearch: expectedPaymentsSearchSchema,
  loaderDeps: ({ search }) => ({ gym_id: search.gym_id, weeks: search.weeks }),
  loader: ({ context, deps }) =>
    loadForOwnGym(context.user, deps.gym_id, () =>
      context.queryClient.ensureQueryData(expectedPaymentsQuery(deps)),
    ),
  head: () => ({ meta: [{ title: 'Expected payments debugging · Gymbase' }] }),
  pendingComponent: ExpectedPaymentsSkeleton,
  errorComponent: ExpectedPaymentsError,
  component: function ExpectedPaymentsDebugging() {
    const { user } = Route.useRouteContext()
    const search = Route.useSearch()
    if (isOutsideGyms(user, search.gym_id)) {
      return (
        <OutsideGymsPage
          {...expectedPaymentsScreen}
          gyms={user.gyms}
          to="/console/expected-payments-debugging"
        />
      )
    }
    return <ExpectedPaymentsPage search={search} />
  },
})
