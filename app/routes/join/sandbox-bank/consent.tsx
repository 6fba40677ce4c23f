import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { joinQueries } from '~/features/join/queries'
import { SandboxBankConsentPage } from '~/features/join/sandbox-bank-consent-page'

const searchSchema = z.object({
  state: z.catch(z.string().check(z.maxLength(300)), ''),
  redirect_uri: z.catch(z.string().check(z.maxLength(500)), ''),
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
