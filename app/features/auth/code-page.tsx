import { useNavigate, useRouter } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import {
  LightField,
  LightForm,
  type LightFormCore,
  LightSubmitButton,
  LightTextField,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Link } from '~/components/ui/link'
import { toast } from '~/components/ui/toast'
import { useSessionStore } from '~/features/auth/session'
import { resendCode, verifyCode } from './auth.functions'
import { AuthFrame } from './auth-frame'
import { codeProblems } from './form-rules'
import { nextRegistrationStep } from './guards'
import { useSignOut } from './use-sign-out'

/** The code form's values. */
export type CodeForm = LightFormCore<{ code: string; remember: boolean }>

/**
 * The e-mailed code: the console's two-factor screen (with "remember this browser") and the join
 * site's address check after sign-up. Both can ask for a new code.
 */
export function CodePage(props: {
  site: 'console' | 'join'
  redirectTo: string | undefined
  /** The address the code went to, as the session knows it. */
  codeSentTo: string | undefined
  /**
   * The console's "remember this browser" (`RememberThisBrowser`), given by its route: the join site's
   * page then loads no checkbox.
   */
  remember?: (form: CodeForm) => ReactNode
}) {
  const { site, redirectTo } = props
  const navigate = useNavigate()
  const router = useRouter()
  const sessionStore = useSessionStore()
  const serverError = useActionFormError()
  const [resending, setResending] = useState(false)

  const form: CodeForm = useLightForm({
    defaultValues: { code: '', remember: false },
    problems: codeProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await verifyCode({ data: value })
      if (!result.ok) return serverError.show(formApi, result)
      sessionStore.reset()
      if (site === 'console') {
        if (redirectTo) await router.navigate({ href: redirectTo })
        else await navigate({ to: '/console/dashboard' })
        return
      }
      await navigate({ to: nextRegistrationStep(result.data) })
    },
  })

  async function sendNewCode() {
    setResending(true)
    try {
      const result = await resendCode()
      if (result.ok) toast.success(result.data)
      else toast.error(result.message)
    } finally {
      setResending(false)
    }
  }

  return (
    <AuthFrame
      title={site === 'console' ? 'Enter your sign-in code' : 'Check your e-mail'}
      description={
        <>
          We e-mailed a 6-digit code to{' '}
          {props.codeSentTo ? (
            <strong className="break-all font-medium text-slate-900">{props.codeSentTo}</strong>
          ) : (
            'you'
          )}
          {site === 'console' ? '' : ' to confirm your address'}. It works for 10 minutes.
        </>
      }
      footer={<UseAnotherAccount site={site} />}
    >
      <LightForm
        form={form}
        aria-label={site === 'console' ? 'Two-factor authentication' : 'Verification code'}
      >
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <LightField form={form} name="code">
          <LightTextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            isRequired
            autoFocus
          />
        </LightField>
        {props.remember?.(form)}
        <LightSubmitButton fullWidth>{site === 'console' ? 'Sign in' : 'Confirm'}</LightSubmitButton>
        <Button variant="secondary" fullWidth isPending={resending} onPress={sendNewCode}>
          Send a new code
        </Button>
      </LightForm>
    </AuthFrame>
  )
}

/**
 * "Use another account": signs this half-finished session out and starts again, for someone who typed
 * another address than they meant or shares the computer (issue 13).
 */
function UseAnotherAccount(props: { site: 'console' | 'join' }) {
  const { signOut, pending } = useSignOut(props.site === 'console' ? '/console/login' : '/join')
  return (
    <>
      Not you?{' '}
      <Link onPress={signOut} aria-disabled={pending || undefined}>
        Use another account
      </Link>
    </>
  )
}
