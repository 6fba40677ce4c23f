import { createFileRoute, redirect } from '@tanstack/react-router'
import { ChangePaymentMethodPage } from '~/features/join/change-payment-method-page'
import { fetchPaymentTypeChange } from '~/features/join/payment.functions'
import { integer, searchParams } from '~/lib/search-params'

const searchSchema = searchParams({ method: integer({ min: 1 }) })

/** A member who has joined sees what paying another way means, and agrees, before it changes (issue 25). */
export const Route = createFileRoute('/join/_member/change-payment-method')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ method: search.method }),
  loader: ({ deps }) => {
    if (deps.method === undefined) throw redirect({ to: '/join/choose-payment-method' })
    return fetchPaymentTypeChange({ data: { id: deps.method } })
  },
  head: () => ({ meta: [{ title: 'Change how you pay · Gymbase' }] }),
  component: function ChangePaymentMethod() {
    return <ChangePaymentMethodPage change={Route.useLoaderData()} />
  },
})
