import { createFileRoute } from '@tanstack/react-router'
import { joinQueries } from '~/features/join/queries'
import { SandboxBankConsentPage } from '~/features/join/sandbox-bank-consent-page'
import { z } from '~/lib/validation'

const searchSchema = z.object({
  state: z.string().max(300).catch(''),
  redirect_uri: z.string().max(500).catch(''),
})

/** The sandbox bank's consent page: the stand-in for Akahu's while no keys are set (issue 14). */
export const Route = createFileRoute('/join/sandbox-bank/consent')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Sandbox Bank · Share an account' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(joinQueries.sandboxBankAccounts()),
  component: function SandboxBankConsent() {
    const search = Route.useSearch()
    return <SandboxBankConsentPage state={search.state} redirectUri={search.redirect_uri} />
  },
})
