import { createFileRoute } from '@tanstack/react-router'
import { AccountSection } from '~/features/account/account-frame'

/** PLACEHOLDER (issue 28): replaced by the part's own page. */
export const Route = createFileRoute('/join/_member/account/costs')({
  head: () => ({ meta: [{ title: 'Your account · Gymbase' }] }),
  component: function Placeholder() {
    return <AccountSection title="costs">{null}</AccountSection>
  },
})
