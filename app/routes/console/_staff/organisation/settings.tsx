import { createFileRoute } from '@tanstack/react-router'
import { PlannedScreen } from '~/components/page'
import { requireOrganisationAdmin } from '~/features/auth/guards'

export const Route = createFileRoute('/console/_staff/organisation/settings')({
  beforeLoad: ({ context }) => requireOrganisationAdmin(context.user),
  head: () => ({ meta: [{ title: 'Organisation settings · Gymbase' }] }),
  component: () => <PlannedScreen title="Organisation settings" />,
})
