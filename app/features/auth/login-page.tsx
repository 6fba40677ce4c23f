import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import {
  LightField,
  LightForm,
  LightPasswordField,
  LightSubmitButton,
  LightTextField,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { linkStyles } from '~/components/ui/link'
import { useSessionStore } from '~/features/auth/session'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { login } from './auth.functions'
import { AuthFrame } from './auth-frame'
import { loginProblems } from './form-rules'

/** Sign-in for staff on the console and for returning members on the join site. */
export function LoginPage(props: {
  site: 'console' | 'join'
  redirectTo: string | undefined
  notice?: string
}) {
  const { site, redirectTo } = props
  const navigate = useNavigate()
  const router = useRouter()
  const sessionStore = useSessionStore()
  const serverError = useActionFormError()

  const form = useLightForm({
    defaultValues: { email: '', password: '' },
    problems: loginProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await login({ data: value })
      sessionStore.reset()
      if (!result.ok && result.error === NOT_TWO_FACTOR_AUTHENTICATED) {
        if (site === 'console') {
          await navigate({ to: '/console/two-factor-authentication', search: { redirect: redirectTo } })
        } else {
          await navigate({
            to: '/join/verification-code',
            search: { twoFactorAuth: true, redirect: redirectTo },
          })
        }
        return
      }
      if (!result.ok) return serverError.show(formApi, result)
      if (redirectTo) {
        await router.navigate({ href: redirectTo })
      } else {
        await navigate({ to: site === 'console' ? '/console/dashboard' : '/join' })
      }
    },
  })

  const forgotLink = site === 'console' ? '/console/forgot-password' : '/join/forgot-password'
  return (
    <AuthFrame
      title={site === 'console' ? 'Sign in to Gymbase' : 'Sign in to your gym'}
      description={
        site === 'console'
          ? 'For gym staff. Members join at their gym’s sign-up page.'
          : 'Carry on joining where you left off, or see your membership if you’ve joined.'
      }
      footer={
        site === 'join' ? (
          <>
            New here?{' '}
            <Link to="/join" className={linkStyles()}>
              Join your gym
            </Link>
          </>
        ) : undefined
      }
    >
      <LightForm form={form} aria-label="Sign in">
        {props.notice ? <Alert tone="success">{props.notice}</Alert> : null}
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <LightField form={form} name="email">
          <LightTextField label="E-mail" type="email" autoComplete="username" isRequired />
        </LightField>
        <LightField form={form} name="password">
          <LightPasswordField label="Password" autoComplete="current-password" isRequired />
        </LightField>
        <LightSubmitButton fullWidth>Sign in</LightSubmitButton>
        <Link to={forgotLink} className={linkStyles({ className: 'self-center text-sm' })}>
          Forgot your password?
        </Link>
      </LightForm>
    </AuthFrame>
  )
}
