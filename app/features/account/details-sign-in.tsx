import { useNavigate, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
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
import { Button } from '~/components/ui/button'
import type { AccountDetails } from '~/contracts/account-details'
import { useSessionStore } from '~/features/auth/session'
import type { ActionResult } from '~/lib/action-result'
import {
  askEmailChange,
  cancelEmailChange,
  changePassword,
  resendEmailChange,
  signOutEverywhere,
} from './details-functions'
import { DetailsPart, Done } from './details-part'
import { changeEmailProblems, changePasswordProblems } from './details-rules'

/**
 * A button's action the page then reads again: a second press while the first is on its way does
 * nothing, and a refusal is said beside the button.
 */
function useOnce() {
  const router = useRouter()
  const [busy, setBusy] = useState<string>()
  const [problem, setProblem] = useState<string>()
  async function run(name: string, action: () => Promise<ActionResult<unknown>>, done?: () => void) {
    if (busy) return
    setBusy(name)
    setProblem(undefined)
    const result = await action()
    if (result.ok) {
      done?.()
      await router.invalidate()
    } else setProblem(result.message)
    setBusy(undefined)
  }
  return { busy, problem, run }
}

export function EmailAddress(props: { details: AccountDetails }) {
  const { details } = props
  return (
    <DetailsPart
      title="E-mail address"
      description={
        <>
          You sign in with <strong className="break-all font-medium text-slate-900">{details.email}</strong>,
          and the gym writes to you there.
        </>
      }
    >
      {details.pending_email ? (
        <WaitingEmail current={details.email} pending={details.pending_email} />
      ) : (
        <NewEmailForm />
      )}
    </DetailsPart>
  )
}

function WaitingEmail(props: { current: string; pending: string }) {
  const once = useOnce()
  const [resent, setResent] = useState(false)
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info" title={`Waiting for you to confirm ${props.pending}`}>
        We sent a link to that address: open it to sign in with it from then on. It works for 60 minutes.
        Until then you sign in with {props.current}.
      </Alert>
      {resent ? <Done>We sent the link again. The one before no longer works.</Done> : null}
      {once.problem ? <Alert tone="error">{once.problem}</Alert> : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          size="lg"
          isPending={once.busy === 'resend'}
          onPress={() => {
            setResent(false)
            once.run('resend', resendEmailChange, () => setResent(true))
          }}
        >
          Send the link again
        </Button>
        <Button
          variant="quiet"
          size="lg"
          isPending={once.busy === 'cancel'}
          onPress={() => once.run('cancel', cancelEmailChange)}
        >
          Keep my current address
        </Button>
      </div>
    </div>
  )
}

function NewEmailForm() {
  const router = useRouter()
  const serverError = useActionFormError()
  const form = useLightForm({
    defaultValues: { email: '', password: '' },
    problems: changeEmailProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await askEmailChange(value)
      if (!result.ok) return serverError.show(formApi, result)
      await router.invalidate()
    },
  })
  return (
    <LightForm form={form} aria-label="Change your e-mail address" className="flex flex-col gap-4">
      {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
      <LightField form={form} name="email">
        <LightTextField
          label="New e-mail address"
          type="email"
          inputMode="email"
          autoComplete="email"
          isRequired
        />
      </LightField>
      <LightField form={form} name="password">
        <LightPasswordField
          label="Your password"
          description="So we know it’s you asking."
          autoComplete="current-password"
          isRequired
        />
      </LightField>
      <LightSubmitButton fullWidth size="lg" variant="secondary">
        Send a confirmation link
      </LightSubmitButton>
    </LightForm>
  )
}

export function ChangePassword() {
  const serverError = useActionFormError()
  const [done, setDone] = useState(false)
  const form = useLightForm({
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    problems: changePasswordProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      setDone(false)
      const result = await changePassword(value)
      if (!result.ok) return serverError.show(formApi, result)
      formApi.reset()
      setDone(true)
    },
  })
  return (
    <DetailsPart
      title="Password"
      description="Any other phone or computer signed in to your account is signed out."
    >
      <LightForm form={form} aria-label="Change your password" className="flex flex-col gap-4">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <LightField form={form} name="current_password">
          <LightPasswordField label="Current password" autoComplete="current-password" isRequired />
        </LightField>
        <LightField form={form} name="password">
          <LightPasswordField
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            isRequired
          />
        </LightField>
        <LightField form={form} name="password_confirmation">
          <LightPasswordField label="New password again" autoComplete="new-password" isRequired />
        </LightField>
        {done ? <Done>Your password is changed. Your other devices are signed out.</Done> : null}
        <LightSubmitButton fullWidth size="lg" variant="secondary">
          Change password
        </LightSubmitButton>
      </LightForm>
    </DetailsPart>
  )
}

export function SignOutEverywhere() {
  const router = useRouter()
  const navigate = useNavigate()
  const sessionStore = useSessionStore()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  async function signOut() {
    if (busy) return
    setBusy(true)
    setProblem(undefined)
    const result = await signOutEverywhere()
    if (!result.ok) {
      setBusy(false)
      setProblem(result.message)
      return
    }
    router.clearCache()
    sessionStore.reset()
    await navigate({
      to: '/join/login',
      search: { notice: 'You are signed out of every device. Sign in again here.' },
    })
  }
  return (
    <DetailsPart
      title="Signed-in devices"
      description="Lost a phone, or signed in on a shared computer? Sign out everywhere, this device too."
    >
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button variant="secondary" size="lg" fullWidth isPending={busy} onPress={signOut}>
        Sign out of every device
      </Button>
    </DetailsPart>
  )
}
