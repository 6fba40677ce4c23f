import { useServerFn } from '@tanstack/react-start'
import { Building2 } from 'lucide-react'
import { useState } from 'react'
import { SubmitForm } from '~/components/form/submit-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { TextField } from '~/components/ui/text-field'
import { type SandboxOnboarding, sandboxOnboardingRequestSchema } from '~/contracts/gyms'
import { orConnectionLost } from '~/features/join/connection-lost'
import type { ActionResult } from '~/lib/action-result'
import { finishSandboxOnboarding } from './gyms.functions'

type Fields = 'business_name' | 'email'

/**
 * The sandbox card provider's onboarding page, standing in for Stripe's hosted Connect onboarding while
 * no keys are set (issue 17): the owner confirms the business's details and submits, or returns to
 * Gymbase without them. Either way the link is used up and they go back to Gymbase's callback, which
 * re-reads the account. A used or expired link says so.
 */
export function SandboxOnboardingPage(props: { link: string; found: ActionResult<SandboxOnboarding> }) {
  const finish = useServerFn(finishSandboxOnboarding)
  const account = props.found.ok ? props.found.data : undefined
  const [values, setValues] = useState<Record<Fields, string>>({
    business_name: account?.business_name ?? '',
    email: account?.email ?? '',
  })
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({})
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState<'submit' | 'cancel'>()

  async function go(action: 'submit' | 'cancel') {
    if (pending) return
    setProblem(undefined)
    const request =
      action === 'submit' ? { action, link: props.link, ...values } : { action, link: props.link }
    const parsed = sandboxOnboardingRequestSchema.safeParse(request)
    if (!parsed.success) {
      const found: Partial<Record<Fields, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as Fields] ??= issue.message
      return setErrors(found)
    }
    setPending(action)
    const result = await orConnectionLost(() => finish({ data: parsed.data }))
    if (!result.ok) {
      setPending(undefined)
      setErrors({ business_name: result.errors.business_name?.[0], email: result.errors.email?.[0] })
      setProblem(result.message)
      return
    }
    window.location.assign(result.data.redirect_to)
  }

  const field = (name: Fields) => ({
    value: values[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }))
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }))
    },
    errorMessage: errors[name],
  })

  return (
    <main id="main" className="min-h-screen bg-slate-100">
      <div className="mx-auto flex w-full max-w-md flex-col px-4 py-8">
        <Card padding="lg" className="border-indigo-700 border-t-4">
          <p className="flex items-center gap-2 font-semibold text-indigo-800">
            <Building2 aria-hidden="true" className="size-5" />
            Sandbox Payments
          </p>
          {!account ? (
            <>
              <h1 className="mt-4 font-semibold text-2xl tracking-tight">This link no longer works</h1>
              <Alert tone="error" className="mt-4">
                {props.found.ok ? null : props.found.message}
              </Alert>
              <p className="mt-4">
                <a href="/gyms" className={linkStyles()}>
                  Back to Gymbase
                </a>
              </p>
            </>
          ) : (
            <>
              <h1 className="mt-4 font-semibold text-2xl tracking-tight">Set up card payments</h1>
              <p className="mt-2 text-slate-600">
                Gymbase uses Sandbox Payments to take card payments for your business. Confirm your business’s
                details to start accepting them.
              </p>
              <Alert tone="info" className="mt-4">
                A test payments provider: Gymbase uses it while no Stripe keys are set. No real money moves.
              </Alert>
              {problem ? (
                <Alert tone="error" className="mt-4">
                  {problem}
                </Alert>
              ) : null}
              <SubmitForm
                aria-label="Business details"
                noValidate
                className="mt-6 flex flex-col gap-4"
                onSubmit={() => go('submit')}
              >
                <TextField label="Business name" {...field('business_name')} maxLength={120} isRequired />
                <TextField
                  label="Business e-mail"
                  description="Receipts and payout notices go here."
                  type="email"
                  autoComplete="email"
                  {...field('email')}
                  maxLength={254}
                  isRequired
                />
                <dl className="text-sm">
                  <dt className="text-slate-600">Country</dt>
                  <dd className="text-slate-900">New Zealand</dd>
                  <dt className="mt-2 text-slate-600">Account</dt>
                  <dd className="break-all text-slate-900 tabular-nums">{account.account_id}</dd>
                </dl>
                <div className="mt-2 flex flex-col gap-3">
                  <Button
                    type="submit"
                    size="lg"
                    fullWidth
                    isPending={pending === 'submit'}
                    isDisabled={pending === 'cancel'}
                  >
                    Submit
                  </Button>
                  <Button
                    size="lg"
                    variant="secondary"
                    fullWidth
                    isPending={pending === 'cancel'}
                    isDisabled={pending === 'submit'}
                    onPress={() => go('cancel')}
                  >
                    Return to Gymbase without submitting
                  </Button>
                </div>
              </SubmitForm>
            </>
          )}
        </Card>
      </div>
    </main>
  )
}
