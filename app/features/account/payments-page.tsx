import { Link as RouterLink, useNavigate, useRouter } from '@tanstack/react-router'
import { CircleCheck, FileText } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Link, linkStyles } from '~/components/ui/link'
import type { AccountBalance, AccountPayment, AccountPaymentState } from '~/contracts/account-payments'
import { accountPaymentRoutes } from '~/contracts/api/account-payments.routes'
import { orConnectionLost } from '~/features/join/connection-lost'
import { apiUrl } from '~/lib/api-path'
import { formatDate, formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { AccountSection } from './account-frame'
import { issueAccountPaymentLink } from './payments.functions'

interface PaymentsPageData {
  data: AccountPayment[]
  meta: { current_page: number; last_page: number; total: number }
}

/**
 * The account's payments and papers (issue 28): what is owed now and a Pay button for it, the signed
 * agreement, then every payment with its state in words and a receipt for each paid one. PDFs download
 * (`Content-Disposition: attachment`), so a phone saves them rather than leaving the page.
 */
export function PaymentsPage(props: { balance: AccountBalance; payments: PaymentsPageData }) {
  const { balance, payments } = props
  return (
    <AccountSection
      title="Payments and papers"
      description="What you owe, what you’ve paid, a receipt for each payment and your membership agreement."
    >
      <OwedNow balance={balance} />
      {balance.has_agreement ? (
        <p>
          <DownloadLink href={apiUrl(accountPaymentRoutes.agreement)}>
            Your membership agreement (PDF)
          </DownloadLink>
        </p>
      ) : null}
      <section aria-labelledby="payments-heading" className="flex flex-col gap-3">
        <h2 id="payments-heading" className="font-semibold text-lg">
          Your payments
        </h2>
        {payments.data.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {payments.data.map((payment) => (
              <PaymentItem key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
        <Pages current={payments.meta.current_page} last={payments.meta.last_page} />
      </section>
    </AccountSection>
  )
}

/** What is owed now and why, the grace period's end, and paying it at once on the pay page. */
function OwedNow(props: { balance: AccountBalance }) {
  const { balance } = props
  const navigate = useNavigate()
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<string>()
  if (balance.owed.length === 0) {
    return (
      <p className="flex items-start gap-3 rounded-md bg-emerald-50 p-4 text-emerald-900">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-700" />
        <span>You owe nothing now: your membership is paid up.</span>
      </p>
    )
  }
  const total = balance.balance_owing

  async function payNow() {
    if (pending) return
    setPending(true)
    setMessage(undefined)
    const result = await orConnectionLost(() => issueAccountPaymentLink())
    if (!result.ok) {
      setPending(false)
      setMessage(result.message)
      // Nothing owed any more (paid in another tab, or at the desk): show it as it now is.
      if (result.status === 409) await router.invalidate()
      return
    }
    await navigate({ to: '/join/pay', search: { token: result.data.token } })
  }

  return (
    <section
      aria-labelledby="owed-heading"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="owed-heading" className="font-semibold text-amber-950 text-lg">
        You owe {formatCents(total)}
      </h2>
      <ul className="flex flex-col gap-1 text-amber-950">
        {balance.owed.map((owed) => (
          <li key={owed.payment_id}>
            {formatCents(owed.amount)} due {formatLongDate(owed.due_on)}: {owed.reason}
          </li>
        ))}
      </ul>
      {balance.grace_period_ends_at ? (
        <p className="text-amber-950">
          Pay by {formatLongDate(balance.grace_period_ends_at)} to keep your membership. After that it is
          cancelled and the doors stop opening for you.
        </p>
      ) : null}
      {message ? <Alert tone="error">{message}</Alert> : null}
      <Button size="lg" fullWidth isPending={pending} onPress={payNow}>
        Pay now
      </Button>
      <p className="text-amber-950 text-sm">
        You choose how on the next page: the card or bank account you pay with now, or a new one. It shows the
        total before you pay, with any card surcharge.
      </p>
    </section>
  )
}

const stateBadge: Record<AccountPaymentState, { label: string; tone: 'green' | 'amber' | 'red' | 'slate' }> =
  {
    paid: { label: 'Paid', tone: 'green' },
    on_its_way: { label: 'On its way', tone: 'amber' },
    upcoming: { label: 'Upcoming', tone: 'slate' },
    retrying: { label: 'Failed', tone: 'red' },
    owed: { label: 'Owed', tone: 'red' },
    settled: { label: 'Failed, then paid', tone: 'slate' },
    waived: { label: 'Waived', tone: 'slate' },
    refunded: { label: 'Refunded', tone: 'slate' },
    cancelled: { label: 'Cancelled', tone: 'slate' },
  }

function PaymentItem(props: { payment: AccountPayment }) {
  const { payment } = props
  const badge = stateBadge[payment.state]
  return (
    <li className="flex flex-col gap-1 p-4">
      <div className="flex items-start justify-between gap-3">
        <span className="font-medium text-slate-900">{payment.for_words}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatCents(payment.amount)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-slate-600 text-sm">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <span>Due {formatDate(payment.due_on)}</span>
      </div>
      <p className="text-slate-700 text-sm">{payment.state_words}</p>
      {payment.has_receipt ? (
        <p className="text-sm">
          <DownloadLink
            href={apiUrl(accountPaymentRoutes.receipt, { params: { id: payment.id } })}
            label={`Receipt for ${formatCents(payment.amount)} paid for ${payment.for_words} (PDF)`}
          >
            Receipt (PDF)
          </DownloadLink>
        </p>
      ) : null}
    </li>
  )
}

/** A PDF the browser saves (the API answers it as an attachment). */
function DownloadLink(props: { href: string; label?: string; children: string }) {
  return (
    <Link
      href={props.href}
      download
      aria-label={props.label}
      className="inline-flex items-center gap-1.5 py-1"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      {props.children}
    </Link>
  )
}

/** Newer and older pages of payments. */
function Pages(props: { current: number; last: number }) {
  if (props.last <= 1) return null
  return (
    <nav aria-label="Pages of payments" className="flex items-center justify-between gap-3 text-sm">
      {props.current > 1 ? (
        <RouterLink
          to="/join/account/payments"
          search={{ page: props.current - 1 === 1 ? undefined : props.current - 1 }}
          className={linkStyles({ className: 'py-2' })}
        >
          Newer payments
        </RouterLink>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {props.current} of {props.last}
      </span>
      {props.current < props.last ? (
        <RouterLink
          to="/join/account/payments"
          search={{ page: props.current + 1 }}
          className={linkStyles({ className: 'py-2' })}
        >
          Older payments
        </RouterLink>
      ) : (
        <span />
      )}
    </nav>
  )
}
