import { createFileRoute } from '@tanstack/react-router'
import { AccountSection } from '~/features/account/account-frame'

/** PLACEHOLDER (issue 28): the overview. */
export const Route = createFileRoute('/join/_member/account/')({
  head: () => ({ meta: [{ title: 'Your account · Gymbase' }] }),
  component: function Placeholder() {
    return <AccountSection title="Your membership">{null}</AccountSection>
  },
})
