import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPolicyPage } from '~/features/legal/privacy-policy-page'

export const Route = createFileRoute('/console/legal/privacy-policy')({
  head: () => ({ meta: [{ title: 'Privacy policy · Gymbase' }] }),
  component: PrivacyPolicyPage,
})
