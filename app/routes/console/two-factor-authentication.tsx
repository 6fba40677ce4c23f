import { createFileRoute } from '@tanstack/react-router'
import { CodePage } from '~/features/auth/code-page'
import { requirePendingSecondFactor } from '~/features/auth/guards'
import { RememberThisBrowser } from '~/features/auth/remember-this-browser'

export const Route = createFileRoute('/console/two-factor-authentication')({
  beforeLoad: requirePendingSecondFactor,
  head: () => ({ meta: [{ title: 'Sign-in code · Gymbase' }] }),
  component: function TwoFactor() {
    return (
      <CodePage
        site="console"
        redirectTo={Route.useSearch().redirect}
        codeSentTo={Route.useRouteContext().codeSentTo}
        remember={(form) => <RememberThisBrowser form={form} />}
      />
    )
  },
})
