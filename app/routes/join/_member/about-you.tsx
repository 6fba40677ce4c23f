import { createFileRoute } from '@tanstack/react-router'
import { AboutYouPage } from '~/features/join/about-you-page'
import { fetchRegisterFields } from '~/features/join/join.functions'

/** register.about-you: address, emergency contact and preferences, before the photo (issue 14). */
export const Route = createFileRoute('/join/_member/about-you')({
  head: () => ({ meta: [{ title: 'About you · Gymbase' }] }),
  // Coming back to the step shows what was saved: never an earlier visit's answers kept by the router
  // (they would be shown while fresh ones load, and the form takes its values once).
  loader: () => fetchRegisterFields(),
  gcTime: 0,
  component: function AboutYou() {
    return <AboutYouPage user={Route.useRouteContext().user} saved={Route.useLoaderData()} />
  },
})
