import { createFileRoute } from '@tanstack/react-router'
import { requireConsoleArea } from '~/access/route-guard'
import { expectedPaymentsSearchSchema } from '~/features/billing-debugging/contract'
import {
  ExpectedPaymentsError,
  ExpectedPaymentsPage,
  ExpectedPaymentsSkeleton,
} from '~/features/billing-debugging/expected-payments-page'
import { expectedPaymentsQuery } from '~/features/billing-debugging/queries'

/** Expected against collected payments, week by week (SPEC §2.2, issue 4). */
export const Route = createFileRoute('/console/_staff/expected-payments-debugging')({
  beforeLoad: ({ context }) => requireConsoleArea(context.user, 'payments'),
  validateSearch: expectedPaymentsSearchSchema,
  loaderDeps: ({ search }) => ({ gym_id: search.gym_id, weeks: search.weeks }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(expectedPaymentsQuery(deps)),
  head: () => ({ meta: [{ title: 'Expected payments debugging · Gymbase' }] }),
  pendingComponent: ExpectedPaymentsSkeleton,
  errorComponent: ExpectedPaymentsError,
  component: function ExpectedPaymentsDebugging() {
    return <ExpectedPaymentsPage search={Route.useSearch()} />
  },
})
