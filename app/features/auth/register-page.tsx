import { Link, useNavigate } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { RadioGroup } from 'react-aria-components'
import { LightDateField } from '~/components/form/light-date-field'
import {
  LightField,
  LightForm,
  LightPasswordField,
  LightSubmitButton,
  LightTextField,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { GymLogo } from '~/components/gym-logo'
import { Alert } from '~/components/ui/alert'
import { linkStyles } from '~/components/ui/link'
import { Radio } from '~/components/ui/radio-group'
import type { JoinGym } from '~/contracts/auth'
import type { JoinLink } from '~/contracts/catalogue'
import type { BillingFrequency } from '~/contracts/enums'
import type { JoinOffering } from '~/contracts/join'
import { useSessionStore } from '~/features/auth/session'
import { chosenPriceKey } from '~/features/join/join-choice'
import { emailProblem } from '~/lib/form-rules'
import { formatCents } from '~/lib/money'
import { checkUniqueEmail, register } from './auth.functions'
import { AuthFrame } from './auth-frame'
import { registerProblems } from './form-rules'

const emailTaken = 'This e-mail address is already registered. Sign in instead.'

/** The join site's start: pick the gym (unless the link named it), then the member's details. */
export function RegisterPage(props: {
  gyms: JoinGym[]
  gym: string | undefined
  link: string | undefined
  joinLink: { link: JoinLink | null; message: string | null } | null
  /** What the gym sells, shown before the details; empty when a link fixes the price. */
  offerings: JoinOffering[]
}) {
  const offer = props.joinLink?.link ?? null
  const gymUuid = props.gym ?? offer?.gym?.uuid
  const gym = props.gyms.find((candidate) => candidate.uuid === gymUuid)
  const notice = <JoinLinkNotice joinLink={props.joinLink} />
  if (!gym) return <ChooseGym gyms={props.gyms} link={offer ? props.link : undefined} notice={notice} />
  return (
    <RegisterForm
      gym={gym}
      link={offer ? props.link : undefined}
      notice={
        <>
          {notice}
          <GymOfferings gym={gym} offerings={props.offerings} />
        </>
      }
    />
  )
}

/** What the link offers, or why it no longer works (ADR 013). */
function JoinLinkNotice(props: { joinLink: { link: JoinLink | null; message: string | null } | null }) {
  if (!props.joinLink) return null
  const { link, message } = props.joinLink
  if (!link) return <Alert tone="error">{message ?? 'This link no longer works.'}</Alert>
  const price = link.price
  return (
    <Alert tone="info" title={price ? `${price.offering_name} at a private price` : 'Your sign-up link'}>
      {price ? (
        <p>
          {formatCents(price.amount)} {frequencyWords[price.billing_frequency]}
          {price.joining_fee > 0 ? ` · ${formatCents(price.joining_fee)} joining fee` : ''}
        </p>
      ) : null}
      {link.age_bypass ? <p>This link lets you join if you’re under 16.</p> : null}
    </Alert>
  )
}

/**
 * What the gym sells, before anything is asked (issue 14: the cost is the first thing a person wants
 * to know): each membership with its prices, the joining fee and a term where there is one.
 */
function GymOfferings(props: { gym: JoinGym; offerings: JoinOffering[] }) {
  // The pick is remembered on this device and offered first when the member confirms.
  const [chosen, setChosen] = useState<string | null>(null)
  useEffect(() => setChosen(window.localStorage.getItem(chosenPriceKey)), [])
  if (props.offerings.length === 0) return null
  const choose = (value: string) => {
    setChosen(value)
    window.localStorage.setItem(chosenPriceKey, value)
  }
  return (
    <section aria-labelledby="gym-offerings" className="mb-6 rounded-lg bg-slate-50 p-4">
      <h2 id="gym-offerings" className="font-semibold text-slate-900">
        Memberships at {props.gym.name}
      </h2>
      <RadioGroup
        aria-labelledby="gym-offerings"
        value={chosen}
        onChange={choose}
        className="mt-3 flex flex-col gap-4"
      >
        {props.offerings.map((offering) => (
          <div key={offering.id} className="flex flex-col gap-1">
            <p className="font-medium text-slate-900">{offering.name}</p>
            {offering.description ? <p className="text-slate-600 text-sm">{offering.description}</p> : null}
            {offering.prices.map((price) => (
              <Radio key={price.id} value={String(price.id)} className="py-1 text-slate-700 text-sm">
                <span>
                  <span className="font-medium tabular-nums">{formatCents(price.amount)}</span>{' '}
                  {frequencyWords[price.billing_frequency]}
                  {price.joining_fee > 0 ? ` · ${formatCents(price.joining_fee)} joining fee` : ''}
                  {price.term_amount && price.term_unit
                    ? ` · ${price.term_amount} ${price.term_unit}${price.term_amount === 1 ? '' : 's'} minimum`
                    : ''}
                </span>
              </Radio>
            ))}
          </div>
        ))}
      </RadioGroup>
      <p className="mt-3 text-slate-600 text-sm">You can change your choice before you pay.</p>
    </section>
  )
}

const frequencyWords: Record<BillingFrequency, string> = {
  daily: 'a day',
  weekly: 'a week',
  fortnightly: 'a fortnight',
  monthly: 'a month',
  bi_monthly: 'every two months',
  quarterly: 'a quarter',
  twice_yearly: 'every six months',
  yearly: 'a year',
  one_off: 'once',
}

function ChooseGym(props: { gyms: JoinGym[]; link: string | undefined; notice: ReactNode }) {
  return (
    <AuthFrame title="Join your gym" description="Choose the gym you're joining." footer={<SignInInstead />}>
      {props.notice}
      {props.gyms.length === 0 ? (
        <Alert tone="info">No gyms are taking sign-ups yet.</Alert>
      ) : (
        <ul className="flex flex-col gap-3">
          {props.gyms.map((gym) => (
            <li key={gym.uuid}>
              <Link
                to="/join"
                search={{ gym: gym.uuid, link: props.link }}
                className="flex min-h-14 items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 text-left outline-accent-600 outline-offset-2 transition-colors hover:border-accent-600 hover:bg-accent-50 focus-visible:outline-2"
              >
                <GymLogo src={gym.logo} name={gym.name} size="md" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="break-words font-semibold text-slate-900">{gym.name}</span>
                  <span className="break-words text-slate-600 text-sm">{gym.organisation_name}</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
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

function RegisterForm(props: { gym: JoinGym; link: string | undefined; notice: ReactNode }) {
  const navigate = useNavigate()
  const sessionStore = useSessionStore()
  const serverError = useActionFormError()

  const form = useLightForm({
    defaultValues: {
      gym: props.gym.uuid,
      name: '',
      email: '',
      mobile_number: '',
      dob: '',
      password: '',
    },
    problems: registerProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await register({ data: { ...value, link: props.link } })
      if (!result.ok) return serverError.show(formApi, result)
      sessionStore.reset()
      await navigate({ to: '/join/verification-code', search: { twoFactorAuth: true } })
    },
  })

  return (
    <AuthFrame
      title={`Join ${props.gym.name}`}
      description={
        <span className="flex items-center gap-3">
          {props.gym.logo ? <GymLogo src={props.gym.logo} name={props.gym.name} size="md" /> : null}
          <span>
            {props.gym.organisation_name} ·{' '}
            <Link to="/join" search={{ link: props.link }} className={linkStyles()}>
              Choose another gym
            </Link>
          </span>
        </span>
      }
      footer={<SignInInstead />}
    >
      <LightForm form={form} aria-label="Join">
        {props.notice}
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <LightField form={form} name="name">
          <LightTextField label="Full name" autoComplete="name" isRequired />
        </LightField>
        <LightField
          form={form}
          name="email"
          blurCheckDebounceMs={300}
          onBlurCheck={async (value) => {
            if (emailProblem(value) !== undefined) return undefined
            const result = await checkUniqueEmail({ data: { email: value, gym: props.gym.uuid } })
            return result.ok && !result.data.unique ? emailTaken : undefined
          }}
        >
          <LightTextField label="E-mail" type="email" autoComplete="email" isRequired />
        </LightField>
        <LightField form={form} name="mobile_number">
          <LightTextField
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            placeholder="021 123 4567"
            isRequired
          />
        </LightField>
        <LightField form={form} name="dob">
          <LightDateField label="Date of birth" isRequired />
        </LightField>
        <LightField form={form} name="password">
          <LightPasswordField
            label="Password"
            description="At least 8 characters. A few unrelated words work well."
            autoComplete="new-password"
            isRequired
          />
        </LightField>
        <LightSubmitButton fullWidth size="lg">
          Join
        </LightSubmitButton>
        <p className="text-slate-600 text-xs">
          By joining you agree to how we handle your information in our{' '}
          <Link to="/join/legal/privacy-policy" className={linkStyles()}>
            privacy policy
          </Link>
          .
        </p>
      </LightForm>
    </AuthFrame>
  )
}
