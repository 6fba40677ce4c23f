import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { Receipt } from 'lucide-react'
import {
  amountRangeFilter,
  choiceFilter,
  choicesOf,
  dayRangeFilter,
  type ListFilter,
  namedChoices,
} from '~/components/lists/list-filters'
import { ListPage } from '~/components/lists/list-page'
import { NameCell } from '~/components/lists/name-cell'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
import { Badge } from '~/components/ui/badge'
import { paymentRoutes } from '~/contracts/api/payments.routes'
import { isPaidAtTheDesk, paidByWords } from '~/contracts/desk-methods'
import { paymentStatusWords } from '~/contracts/member-states'
import {
  MAX_FILTER_AMOUNT,
  paymentFilterStatuses,
  paymentFilterStatusLabels,
  paymentFilterTypeLabels,
  paymentFilterTypes,
} from '~/contracts/payment-filters'
import {
  amountFromRangeMessage,
  amountRangeMessage,
  chargedCents,
  dueFromRangeMessage,
  dueRangeMessage,
  type PaymentRow,
  type PaymentTotals,
  paymentTypeWords,
} from '~/contracts/payments'
import { formatDate, formatDayAndMonth } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { FailedPaymentActions, FailedPaymentDialog } from './failed-payment-actions'
import { paymentQueries } from './queries'
import type { PaymentsSearch } from './search'

const description = 'Every payment of the gyms you run: what came in, what is on its way, and what failed.'

/** payments.index (issue 16): the payments of the user's gyms, filtered and sorted by the address. */
export function PaymentsPage(props: { search: PaymentsSearch; gyms: Array<{ id: number; name: string }> }) {
  const { search } = props
  const navigate = useNavigate()
  const { data: page } = useSuspenseQuery(paymentQueries.list(search))
  return (
    <ListPage
      title="Payments"
      description={description}
      noun={{ one: 'payment', many: 'payments' }}
      search={search}
      link={(link) => <Link to="/console/payments" {...link} />}
      exportRoute={paymentRoutes.export}
      filters={{
        navigate: (next, replace) => navigate({ to: '/console/payments', search: next, replace }),
        text: 'Member’s name or e-mail',
        fields: paymentFilters(props.gyms),
      }}
      totals={<Totals totals={page.totals} />}
      page={page}
      columns={columns}
      sort={search.sort ?? '-due_on'}
      tableFrame={FailedPaymentDialog}
      empty={{
        icon: Receipt,
        title: 'No payments yet',
        text: 'Payments appear here a week before each member’s payment is due, and when one is recorded at the desk.',
      }}
    />
  )
}

/** The toolbar's filters; on a phone all but the member's name fold away behind Filters. */
function paymentFilters(gyms: Array<{ id: number; name: string }>): Array<ListFilter<PaymentsSearch>> {
  return [
    choiceFilter('status', {
      label: 'Status',
      any: 'Any status',
      choices: choicesOf(paymentFilterStatuses, paymentFilterStatusLabels),
    }),
    choiceFilter('type', {
      label: 'Paid by',
      any: 'Any method',
      choices: choicesOf(paymentFilterTypes, paymentFilterTypeLabels),
    }),
    choiceFilter('gym_id', {
      label: 'Gym',
      any: 'All my gyms',
      choices: namedChoices(gyms),
      shown: gyms.length > 1,
    }),
    choiceFilter('retries', {
      label: 'Attempt',
      any: 'First tries and retries',
      choices: [
        { id: 'first', value: false, label: 'First tries only' },
        { id: 'retries', value: true, label: 'Retries only' },
      ],
    }),
    dayRangeFilter(['due_from', 'due_to'], {
      labels: { from: 'Due from', to: 'Due to' },
      messages: { from: dueFromRangeMessage, to: dueRangeMessage },
    }),
    amountRangeFilter(['amount_min', 'amount_max'], {
      labels: { from: 'Amount from', to: 'Amount to' },
      messages: { from: amountFromRangeMessage, to: amountRangeMessage },
      max: MAX_FILTER_AMOUNT,
    }),
  ]
}

/**
 * The filtered set's money, whatever page is shown. Each sum is one status filter's (issue 25): choosing
 * that status lists exactly the payments it adds up, and each says what it counts.
 */
function Totals(props: { totals: PaymentTotals }) {
  const { totals } = props
  const figures = [
    { label: 'Collected', hint: 'Sent: paid in', value: totals.collected, tone: 'text-green-800' },
    { label: 'Upcoming', hint: 'Due, not yet charged', value: totals.upcoming, tone: 'text-slate-900' },
    { label: 'Pending', hint: 'Being processed', value: totals.pending, tone: 'text-slate-900' },
    {
      label: 'Failed',
      hint: 'Every failed try, retries included',
      value: totals.failed,
      tone: totals.failed > 0 ? 'text-red-800' : 'text-slate-900',
    },
  ]
  return (
    <dl
      aria-label="Totals of the filtered payments"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    >
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-slate-600 text-sm">
            {figure.label}
            <span className="block text-slate-500 text-xs">{figure.hint}</span>
          </dt>
          <dd className={`mt-1 font-semibold text-lg tabular-nums ${figure.tone}`}>
            {formatCents(figure.value)}
          </dd>
        </div>
      ))}
      <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
        <dt className="text-slate-600 text-sm">
          Payments
          <span className="block text-slate-500 text-xs">Listed below, every page</span>
        </dt>
        <dd className="mt-1 font-semibold text-lg text-slate-900 tabular-nums">
          {totals.count.toLocaleString('en-NZ')}
        </dd>
      </div>
    </dl>
  )
}

const column = createColumnHelper<ListFeatures, PaymentRow>()

const columns = column.columns([
  column.accessor('due_on', {
    header: 'Due',
    meta: { sort: { key: 'due_on', descendingFirst: true } } satisfies ListColumnMeta,
    cell: (info) => {
      const payment = info.row.original
      return (
        <div>
          <p className="whitespace-nowrap">{formatDate(payment.due_on)}</p>
          {payment.paid_at ? (
            <p className="whitespace-nowrap text-slate-600 text-xs">Paid {formatDate(payment.paid_at)}</p>
          ) : null}
        </div>
      )
    },
  }),
  column.accessor('member', {
    header: 'Member',
    meta: { sort: { key: 'member' } } satisfies ListColumnMeta,
    cell: (info) => {
      const payment = info.row.original
      return (
        <NameCell
          to="/console/members/$id"
          tab="payments"
          person={payment.member}
          width="max-w-36"
          subtitle={payment.gym.name}
        >
          {/* A phone has no room for the Status column: the status goes under the member. */}
          <div className="mt-1 md:hidden">
            <PaymentStatus payment={payment} />
          </div>
        </NameCell>
      )
    },
  }),
  column.accessor('amount', {
    header: 'Amount',
    meta: { align: 'end', sort: { key: 'amount', descendingFirst: true } } satisfies ListColumnMeta,
    cell: (info) => {
      const payment = info.row.original
      return (
        <div className="tabular-nums">
          <p>{formatCents(chargedCents(payment))}</p>
          {payment.surcharge > 0 ? (
            <p className="text-slate-600 text-xs">incl. {formatCents(payment.surcharge)} surcharge</p>
          ) : null}
          {payment.credit_used > 0 ? (
            <p className="text-slate-600 text-xs">less {formatCents(payment.credit_used)} credit</p>
          ) : null}
        </div>
      )
    },
  }),
  column.accessor('status_kind', {
    header: 'Status',
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => <PaymentStatus payment={info.row.original} />,
  }),
  column.accessor('type', {
    header: 'Paid by',
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => paidByWords(info.row.original, paymentTypeWords),
  }),
  column.display({
    id: 'period',
    header: 'Period',
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => {
      const payment = info.row.original
      return payment.period_start_at && payment.period_end_at ? (
        <span className="whitespace-nowrap">
          {formatDate(payment.period_start_at)} – {formatDate(payment.period_end_at)}
        </span>
      ) : (
        '—'
      )
    },
  }),
])

/**
 * The status in words (never colour alone), whether it is a retry or pro rata, why it failed, and for a
 * failure still owed what staff can do about it.
 */
function PaymentStatus(props: { payment: PaymentRow }) {
  const { payment } = props
  const words = paymentStatusWords[payment.status_kind]
  const atDesk = isPaidAtTheDesk(payment)
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1">
        <Badge tone={words.tone}>{atDesk ? 'Paid at the desk' : words.label}</Badge>
        {payment.is_retry && !atDesk ? <Badge>Retry</Badge> : null}
        {payment.is_pro_rata ? <Badge>Pro rata</Badge> : null}
      </span>
      {payment.settled_at_desk_on ? (
        <p className="text-slate-700 text-xs">
          Settled at the desk on {formatDayAndMonth(payment.settled_at_desk_on)}
        </p>
      ) : null}
      {payment.failure_reason ? (
        <p className={payment.status_kind === 'waived' ? 'text-slate-600 text-xs' : 'text-red-800 text-xs'}>
          {payment.status_kind === 'waived' ? `Failed: ${payment.failure_reason}` : payment.failure_reason}
        </p>
      ) : null}
      {payment.fixable ? (
        <FailedPaymentActions
          payment={{
            id: payment.id,
            amount: chargedCents(payment),
            due_on: payment.due_on,
            failure_reason: payment.failure_reason,
            memberName: payment.member.name,
          }}
        />
      ) : null}
    </div>
  )
}
