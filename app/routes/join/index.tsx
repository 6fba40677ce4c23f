import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { redirectSignedInFromRegister } from '~/features/auth/guards'

/** The register route: the join site's start (SPEC §2.1). */
export const Route = createFileRoute('/join/')({
  beforeLoad: redirectSignedInFromRegister,
  head: () => ({ meta: [{ title: 'Join · Gymbase' }] }),
  component: () => <PlannedScreen title="Join" />,
})
