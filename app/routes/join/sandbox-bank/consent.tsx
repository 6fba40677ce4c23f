import { createFileRoute } from '@tanstack/react-router'
import { listSandboxBankAccounts } from '~/features/join/payment.functions'
import { SandboxBankConsentPage } from '~/features/join/sandbox-bank-consent-page'
import { searchParams, text } from '~/lib/search-params'

const searchSchema = searchParams({ state: text({ max: 300 }), redirect_uri: text({ max: 500 }) })

/** The sandbox bank's consent page: the stand-in for Akahu's while no keys are set (issue 14). */
export const Route = createFileRoute('/join/sandbox-bank/consent')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Sandbox Bank · Share an account' }] }),
  loader: () => listSandboxBankAccounts(),
  component: function SandboxBankConsent() {
    const search = Route.useSearch()
    return (
      <SandboxBankConsentPage
        state={search.state ?? ''}
        redirectUri={search.redirect_uri ?? ''}
        accounts={Route.useLoaderData()}
      />
    )
  },
})
