import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useAppForm } from '~/components/form/form-hook'
import { Alert } from '~/components/ui/alert'
import { buttonStyles } from '~/components/ui/button'
import { linkStyles } from '~/components/ui/link'
import { checkUniqueEmail, register } from './auth.functions'
import { AuthFrame } from './auth-frame'
import { type JoinGym, registerRequestSchema } from './contract'
import { resetSession } from './guards'
import { useActionFormError } from './use-action-form-error'

const emailTaken = 'This e-mail address is already registered. Sign in instead.'

/** The join site's start: pick the gym (unless the link named it), then the member's details. */
export function RegisterPage(props: { gyms: JoinGym[]; gym: string | undefined }) {
  const gym = props.gyms.find((candidate) => candidate.uuid === props.gym)
  if (!gym) return <ChooseGym gyms={props.gyms} />
  return <RegisterForm gym={gym} />
}

function ChooseGym(props: { gyms: JoinGym[] }) {
  return (
    <AuthFrame title="Join your gym" description="Choose the gym you're joining." footer={<SignInInstead />}>
      {props.gyms.length === 0 ? (
        <Alert tone="info">No gyms are taking sign-ups yet.</Alert>
      ) : (
        <ul className="flex flex-col gap-3">
          {props.gyms.map((gym) => (
            <li key={gym.uuid}>
              <Link
                to="/join"
                search={{ gym: gym.uuid }}
                className={buttonStyles({
                  variant: 'secondary',
                  size: 'lg',
                  fullWidth: true,
                  className: 'justify-between',
                })}
              >
                <span>{gym.name}</span>
                <span className="font-normal text-slate-600 text-sm">{gym.organisation_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AuthFrame>
  )
}

function SignInInstead() {
  return (
    <>
      Already joined?{' '}
      <Link to="/join/login" className={linkStyles()}>
        Sign in
      </Link>
    </>
  )
}

function RegisterForm(props: { gym: JoinGym }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const serverError = useActionFormError()
  const submit = useServerFn(register)
  const isUnique = useServerFn(checkUniqueEmail)

  const form = useAppForm({
    defaultValues: { gym: props.gym.uuid, name: '', email: '', mobile_number: '', dob: '', password: '' },
    validators: { onSubmit: registerRequestSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await submit({ data: value })
      if (!result.ok) return serverError.show(formApi, result)
      resetSession(queryClient)
      await navigate({ to: '/join/verification-code', search: { twoFactorAuth: true } })
    },
  })

  return (
    <AuthFrame
      title={`Join ${props.gym.name}`}
      description={
        <>
          {props.gym.organisation_name} ·{' '}
          <Link to="/join" className={linkStyles()}>
            Choose another gym
          </Link>
        </>
      }
      footer={<SignInInstead />}
    >
      <form.AppForm>
        <form.Form aria-label="Join">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <form.AppField name="name">
            {(field) => <field.TextField label="Full name" autoComplete="name" isRequired />}
          </form.AppField>
          <form.AppField
            name="email"
            validators={{
              onBlurAsyncDebounceMs: 300,
              onBlurAsync: async ({ value }) => {
                if (!registerRequestSchema.shape.email.safeParse(value).success) return undefined
                const result = await isUnique({ data: { email: value, gym: props.gym.uuid } })
                return result.ok && !result.data.unique ? emailTaken : undefined
              },
            }}
          >
            {(field) => <field.TextField label="E-mail" type="email" autoComplete="email" isRequired />}
          </form.AppField>
          <form.AppField name="mobile_number">
            {(field) => (
              <field.TextField
                label="Mobile number"
                type="tel"
                autoComplete="tel"
                placeholder="021 123 4567"
                isRequired
              />
            )}
          </form.AppField>
          <form.AppField name="dob">
            {(field) => <field.DateField label="Date of birth" isRequired />}
          </form.AppField>
          <form.AppField name="password">
            {(field) => (
              <field.PasswordField
                label="Password"
                description="At least 8 characters. A few unrelated words work well."
                autoComplete="new-password"
                isRequired
              />
            )}
          </form.AppField>
          <form.SubmitButton fullWidth size="lg">
            Join
          </form.SubmitButton>
          <p className="text-slate-600 text-xs">
            By joining you agree to how we handle your information in our{' '}
            <Link to="/join/legal/privacy-policy" className={linkStyles()}>
              privacy policy
            </Link>
            .
          </p>
        </form.Form>
      </form.AppForm>
    </AuthFrame>
  )
}
