import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { ConnectAkahuPage } from '~/features/join/connect-akahu-page'

/** What the bank's consent page sends back: a one-time code and our state, or an error. */
const searchSchema = z.object({
  code: z.catch(z.optional(z.string().check(z.maxLength(300))), undefined),
  state: z.catch(z.optional(z.string().check(z.maxLength(300))), undefined),
  error: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
})

/** register.connect-akahu: open-banking connection (issue 14). */
export const Route = createFileRoute('/join/_member/connect-akahu')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Connect your bank account · Gymbase' }] }),
  component: function ConnectAkahu() {
    const back = Route.useSearch()
    // A new return (another code) is a new page, so its one-time exchange runs again.
    return <ConnectAkahuPage key={back.code ?? back.error ?? 'start'} back={back} />
  },
})
