import { createFileRoute } from '@tanstack/react-router'
import { fetchSandboxOnboarding } from '~/features/gyms/gyms.functions'
import { SandboxOnboardingPage } from '~/features/gyms/sandbox-onboarding-page'
import { searchParams, text } from '~/lib/search-params'

const searchSchema = searchParams({ link: text({ max: 200 }) })

/**
 * The sandbox card provider's hosted onboarding page, standing in for Stripe's while no keys are set
 * (issue 17). No Gymbase session: its single-use link is the credential, as Stripe's is.
 */
export const Route = createFileRoute('/console/sandbox-stripe/onboarding')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ link: search.link ?? '' }),
  loader: ({ deps }) => fetchSandboxOnboarding({ data: { link: deps.link } }),
  head: () => ({
    meta: [{ title: 'Sandbox Payments · Set up your account' }, { name: 'referrer', content: 'no-referrer' }],
  }),
  component: function SandboxOnboarding() {
    return <SandboxOnboardingPage link={Route.useSearch().link ?? ''} found={Route.useLoaderData()} />
  },
})
