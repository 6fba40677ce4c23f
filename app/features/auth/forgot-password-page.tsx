import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  LightField,
  LightForm,
  LightSubmitButton,
  LightTextField,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { linkStyles } from '~/components/ui/link'
import { forgotPassword } from './auth.functions'
import { AuthFrame } from './auth-frame'
import { forgotPasswordProblems } from './form-rules'

export function ForgotPasswordPage(props: { site: 'console' | 'join' }) {
  const serverError = useActionFormError()
  const [sent, setSent] = useState<string>()
  const form = useLightForm({
    defaultValues: { email: '' },
    problems: forgotPasswordProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await forgotPassword({ data: value })
      if (!result.ok) return serverError.show(formApi, result)
      setSent(result.data)
    },
  })
  return (
    <AuthFrame
      title="Forgot your password?"
      description="Enter your e-mail address and we'll send you a link to choose a new one."
      footer={
        <Link to={props.site === 'console' ? '/console/login' : '/join/login'} className={linkStyles()}>
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <LightForm form={form} aria-label="Forgot password">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <LightField form={form} name="email">
            <LightTextField label="E-mail" type="email" autoComplete="email" isRequired />
          </LightField>
          <LightSubmitButton fullWidth>Send reset link</LightSubmitButton>
        </LightForm>
      )}
    </AuthFrame>
  )
}
