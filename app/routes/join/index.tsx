import { createFileRoute } from '@tanstack/react-router'
import { listJoinGyms } from '~/features/auth/auth.functions'
import { redirectSignedInFromRegister } from '~/features/auth/guards'
import { RegisterPage } from '~/features/auth/register-page'
import { fetchJoinLink } from '~/features/catalogue/join-link.functions'
import { listJoinOfferings } from '~/features/join/join.functions'
import { joinSearchSchema } from '~/lib/search'

/** The register route: the join site's start (SPEC §2.1). */
export const Route = createFileRoute('/join/')({
  validateSearch: joinSearchSchema,
  beforeLoad: redirectSignedInFromRegister,
  loaderDeps: ({ search }) => ({ link: search.link, gym: search.gym }),
  loader: async ({ deps }) => {
    const [gyms, joinLink, offerings] = await Promise.all([
      listJoinGyms(),
      deps.link ? fetchJoinLink({ data: { token: deps.link } }) : null,
      // What the gym sells, shown before the details (issue 14); a link's own price replaces it.
      deps.gym && !deps.link ? listJoinOfferings({ data: { gym: deps.gym } }).catch(() => []) : [],
    ])
    return { gyms, joinLink, offerings }
  },
  head: () => ({ meta: [{ title: 'Join · Gymbase' }] }),
  component: function Register() {
    const { gyms, joinLink, offerings } = Route.useLoaderData()
    const search = Route.useSearch()
    return (
      <RegisterPage
        gyms={gyms}
        gym={search.gym}
        link={search.link}
        joinLink={joinLink}
        offerings={offerings}
      />
    )
  },
})
