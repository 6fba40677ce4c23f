import { useRouter } from '@tanstack/react-router'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-aria-components'
import {
  LightField,
  LightForm,
  LightSubmitButton,
  LightTextField,
  useLightForm,
} from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button, buttonStyles } from '~/components/ui/button'
import type { AccountDetails } from '~/contracts/account-details'
import { accountDetailsRoutes } from '~/contracts/api/account-details.routes'
import { apiUrl } from '~/lib/api-path'
import { formatDate } from '~/lib/dates'
import { askClosure, withdrawClosure } from './details-functions'
import { DetailsPart } from './details-part'
import { closureProblems } from './details-rules'

/** Everything Gymbase holds about the member, as a file (Privacy Act 2020). */
export function DownloadData() {
  const link = (format: 'json' | 'csv') => apiUrl(accountDetailsRoutes.dataExport, { query: { format } })
  // Links that look like buttons: a download is a link, the browser saves what it answers.
  const linkClass = buttonStyles({ variant: 'secondary', size: 'lg', className: 'flex-1' })
  return (
    <DetailsPart
      title="Your information"
      description="Download everything Gymbase holds about you: your details, memberships, payments, ways you pay (card and account numbers shortened as we keep them), visits, the agreements you signed, your history and the e-mails we sent you."
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link href={link('json')} download className={linkClass}>
          <Download aria-hidden="true" className="size-4" />
          Download (JSON)
        </Link>
        <Link href={link('csv')} download className={linkClass}>
          <Download aria-hidden="true" className="size-4" />
          Download for a spreadsheet (CSV)
        </Link>
      </div>
    </DetailsPart>
  )
}

/** Asking for the account to be closed: never harder than joining, a reason only if they want. */
export function CloseAccount(props: { details: AccountDetails }) {
  const request = props.details.closure_request
  return (
    <DetailsPart
      title="Close your account"
      description="Ask the gym to close your account. They will be in touch to finish it, and to settle anything still owed."
    >
      {request ? <OpenRequest requestedAt={request.requested_at} reason={request.reason} /> : <AskClosure />}
    </DetailsPart>
  )
}

function OpenRequest(props: { requestedAt: string; reason: string | null }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  async function withdraw() {
    if (busy) return
    setBusy(true)
    setProblem(undefined)
    const result = await withdrawClosure()
    if (result.ok) await router.invalidate()
    else setProblem(result.message)
    setBusy(false)
  }
  return (
    <div className="flex flex-col gap-4">
      <Alert
        tone="info"
        title={`You asked on ${formatDate(props.requestedAt)} for your account to be closed`}
      >
        {props.reason ? `Your reason: “${props.reason}”. ` : null}The gym has your request. Changed your mind?
        Withdraw it.
      </Alert>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <Button variant="secondary" size="lg" fullWidth isPending={busy} onPress={withdraw}>
        Withdraw my request
      </Button>
    </div>
  )
}

function AskClosure() {
  const router = useRouter()
  const serverError = useActionFormError()
  const form = useLightForm({
    defaultValues: { reason: '' },
    problems: closureProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await askClosure(value)
      if (!result.ok) return serverError.show(formApi, result)
      await router.invalidate()
    },
  })
  return (
    <LightForm form={form} aria-label="Ask to close your account" className="flex flex-col gap-4">
      {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
      <LightField form={form} name="reason">
        <LightTextField label="Why are you leaving? (optional)" autoComplete="off" />
      </LightField>
      <LightSubmitButton fullWidth size="lg" variant="destructive">
        Ask to close my account
      </LightSubmitButton>
    </LightForm>
  )
}
