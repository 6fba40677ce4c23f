import { useNavigate } from '@tanstack/react-router'
import {
  LightField,
  LightForm,
  LightPasswordField,
  LightSubmitButton,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { useSessionStore } from '~/features/auth/session'
import { resetPassword, setPassword } from './auth.functions'
import { AuthFrame } from './auth-frame'
import { newPasswordProblems } from './form-rules'

/**
 * Choosing a password from an e-mailed link: a reset (then sign in with it) or a staff invitation
 * (then straight into the console).
 */
const titles = {
  reset: 'Choose a new password',
  invitation: 'Set your password',
  'member-invitation': 'Finish joining',
} as const

const submitLabels = {
  reset: 'Change password',
  invitation: 'Set password and sign in',
  'member-invitation': 'Set password and go on',
} as const

export function NewPasswordPage(props: {
  /** A reset, a staff invitation, or a member staff added finishing joining (issue 15). */
  kind: 'reset' | 'invitation' | 'member-invitation'
  site: 'console' | 'join'
  token: string | undefined
  email: string | undefined
}) {
  const navigate = useNavigate()
  const sessionStore = useSessionStore()
  const serverError = useActionFormError()
  const form = useLightForm({
    defaultValues: {
      token: props.token ?? '',
      email: props.email ?? '',
      password: '',
      password_confirmation: '',
    },
    problems: newPasswordProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      if (props.kind !== 'reset') {
        const result = await setPassword({ data: value })
        if (!result.ok) return serverError.show(formApi, result)
        sessionStore.reset()
        // A member goes on to the join flow's next step (the join site's start sends them there).
        await navigate({ to: props.kind === 'invitation' ? '/console/dashboard' : '/join' })
        return
      }
      const result = await resetPassword({ data: value })
      if (!result.ok) return serverError.show(formApi, result)
      sessionStore.reset()
      const notice = 'Your password has been changed. Sign in with it now.'
      if (props.site === 'console') await navigate({ to: '/console/login', search: { notice } })
      else await navigate({ to: '/join/login', search: { notice } })
    },
  })

  if (!props.token || !props.email) {
    return (
      <AuthFrame title="This link is incomplete">
        <Alert tone="error">Open the link from the e-mail again, or ask for a new one.</Alert>
      </AuthFrame>
    )
  }
  return (
    <AuthFrame
      title={titles[props.kind]}
      description={
        props.kind === 'member-invitation'
          ? `Choose a password for ${props.email} (at least 8 characters). Then tell us about you, add your photo and how you’d like to pay. Nothing is charged until you confirm.`
          : `For ${props.email}. Use at least 8 characters; a few unrelated words work well.`
      }
    >
      <LightForm form={form} aria-label={props.kind === 'reset' ? 'Reset password' : 'Set password'}>
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <LightField form={form} name="password">
          <LightPasswordField label="New password" autoComplete="new-password" isRequired />
        </LightField>
        <LightField form={form} name="password_confirmation">
          <LightPasswordField label="Repeat the new password" autoComplete="new-password" isRequired />
        </LightField>
        <LightSubmitButton fullWidth>{submitLabels[props.kind]}</LightSubmitButton>
      </LightForm>
    </AuthFrame>
  )
}
