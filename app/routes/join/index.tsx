import { createFileRoute } from '@tanstack/react-router'
import { listJoinGyms } from '~/features/auth/auth.functions'
import { redirectSignedInFromRegister } from '~/features/auth/guards'
import { RegisterPage } from '~/features/auth/register-page'
import { joinSearchSchema } from '~/lib/search'

/** The register route: the join site's start (SPEC §2.1). */
export const Route = createFileRoute('/join/')({
  validateSearch: joinSearchSchema,
  beforeLoad: redirectSignedInFromRegister,
  loader: () => listJoinGyms(),
  head: () => ({ meta: [{ title: 'Join · Gymbase' }] }),
  component: function Register() {
    return <RegisterPage gyms={Route.useLoaderData()} gym={Route.useSearch().gym} />
  },
})
