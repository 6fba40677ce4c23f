import { createFileRoute } from '@tanstack/react-router'
import { fetchAccountPayments } from '~/features/account/payments.functions'
import { PaymentsPage } from '~/features/account/payments-page'
import { integer, searchParams } from '~/lib/search-params'

const searchSchema = searchParams({ page: integer({ min: 1, max: 100_000 }) })

/** The account's payments and papers, and paying what is owed now (issue 28). */
export const Route = createFileRoute('/join/_member/account/payments')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ deps }) => fetchAccountPayments({ page: deps.page }),
  // Money: always what the server says now (back from paying, the balance is read afresh).
  staleTime: 0,
  gcTime: 0,
  head: () => ({ meta: [{ title: 'Your payments · Gymbase' }] }),
  component: function AccountPayments() {
    const { balance, payments } = Route.useLoaderData()
    return <PaymentsPage balance={balance} payments={payments} />
  },
})
