import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ChartColumn, ChevronLeft, CreditCard, Landmark, Mail, Pencil, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { TabPanel } from 'react-aria-components'
import { ListFooter, type PageMeta } from '~/components/lists/list-footer'
import { Page } from '~/components/page'
import { PersonTitle } from '~/components/person-title'
import { Badge } from '~/components/ui/badge'
import { Button, buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { FormDialog } from '~/components/ui/modal'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import { Tab, TabList, Tabs } from '~/components/ui/tabs'
import { deskMethodLabels, isPaidAtTheDesk } from '~/contracts/desk-methods'
import { frequencyWords } from '~/contracts/frequency-words'
import { memberStateWords, paymentStatusWords } from '~/contracts/member-states'
import type { MemberDetail, MemberHistoryEntry } from '~/contracts/members'
import { memberMadeWords } from '~/contracts/membership-action-words'
import { nextChargeWords } from '~/contracts/next-charge-words'
import { chargedCents } from '~/contracts/payments'
import { MemberAccessTab } from '~/features/doors/member-access-tab'
import { FailedPaymentActions, FailedPaymentDialog } from '~/features/payments/failed-payment-actions'
import { formatDate, formatDayAndMonth } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { ClosureRequestCard } from './closure-request-card'
import { DeleteMemberDialog, MemberDetailsForm } from './member-details-form'
import { MembershipActions } from './membership-actions'
import { memberQueries } from './queries'
import type { MemberPageSearch, MemberTab } from './search'

const timeFormat = new Intl.DateTimeFormat('en-NZ', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Pacific/Auckland',
})

/** members.show (issue 15): who the member is, how their membership stands, what they paid, when they came. */
export function MemberPage(props: {
  id: number
  search: MemberPageSearch
  seesMoney: boolean
  /** Gyms whose memberships the user may change (ADR 012), or every gym. */
  adminGymIds: readonly number[] | 'all'
  organisationId: number
}) {
  const { data: member } = useSuspenseQuery(memberQueries.member(props.id))
  const navigate = useNavigate()
  const tab: MemberTab =
    props.search.tab === 'payments' && !props.seesMoney ? 'overview' : (props.search.tab ?? 'overview')
  const words = memberStateWords[member.state]
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  // Changing a member is for those who run their gym: the membership's, else their home gym (ADR 012).
  const gymId = member.membership?.gym?.id ?? member.home_gym?.id
  const canChangeMember =
    props.adminGymIds === 'all' || (gymId !== undefined && props.adminGymIds.includes(gymId))
  return (
    <Page
      title={
        <PersonTitle person={member}>
          <Badge tone={member.card_colour ?? words.tone}>{words.label}</Badge>
          {member.membership ? (
            <span className="text-slate-700 text-sm">{member.membership.type_label}</span>
          ) : null}
          {member.balance_owing ? (
            <span className="font-medium text-red-800 text-sm">Owes {formatCents(member.balance_owing)}</span>
          ) : null}
        </PersonTitle>
      }
      actions={
        <>
          <Link to="/console/members" className={buttonStyles({ variant: 'secondary' })}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Members
          </Link>
          <Link
            to="/console/members/$id/activity"
            params={{ id: props.id }}
            className={buttonStyles({ variant: 'secondary' })}
          >
            <ChartColumn aria-hidden="true" className="size-4" />
            Activity
          </Link>
          {canChangeMember ? (
            <>
              <Button variant="secondary" onPress={() => setDialog('edit')}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit details
              </Button>
              <Button variant="quiet" className="text-red-700" onPress={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete member
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <FormDialog
        isOpen={dialog === 'edit'}
        onOpenChange={(isOpen) => !isOpen && setDialog(null)}
        title="Edit details"
      >
        <MemberDetailsForm member={member} onDone={() => setDialog(null)} />
      </FormDialog>
      <DeleteMemberDialog member={member} isOpen={dialog === 'delete'} onClose={() => setDialog(null)} />
      <ClosureRequestCard memberId={props.id} canManage={canChangeMember} />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) =>
          navigate({
            to: '/console/members/$id',
            params: { id: props.id },
            search: { tab: key === 'overview' ? undefined : (key as MemberTab) },
            replace: true,
          })
        }
      >
        <TabList aria-label="Member">
          <Tab id="overview">Overview</Tab>
          {props.seesMoney ? <Tab id="payments">Payments</Tab> : null}
          <Tab id="visits">Visits</Tab>
          <Tab id="access">Access</Tab>
          <Tab id="history">History</Tab>
        </TabList>
        <TabPanel id="overview" className="outline-none">
          <Overview
            member={member}
            seesMoney={props.seesMoney}
            organisationId={props.organisationId}
            canManage={member.membership !== null && canChangeMember}
          />
        </TabPanel>
        {props.seesMoney ? (
          <TabPanel id="payments" className="outline-none">
            {tab === 'payments' ? (
              <Payments id={props.id} page={props.search.page ?? 1} memberName={member.name} />
            ) : null}
          </TabPanel>
        ) : null}
        <TabPanel id="visits" className="outline-none">
          {tab === 'visits' ? <Visits id={props.id} page={props.search.page ?? 1} /> : null}
        </TabPanel>
        <TabPanel id="access" className="outline-none">
          {tab === 'access' ? <MemberAccessTab memberId={props.id} canManage={canChangeMember} /> : null}
        </TabPanel>
        <TabPanel id="history" className="outline-none">
          {tab === 'history' ? <History id={props.id} page={props.search.page ?? 1} /> : null}
        </TabPanel>
      </Tabs>
    </Page>
  )
}

function Facts(props: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="font-semibold text-base text-slate-900">{props.title}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">{props.children}</dl>
    </Card>
  )
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{props.label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{props.children ?? '—'}</dd>
    </>
  )
}

function Overview(props: {
  member: MemberDetail
  seesMoney: boolean
  canManage: boolean
  organisationId: number
}) {
  const { member } = props
  const membership = member.membership
  const address = [
    member.address.address,
    member.address.suburb,
    member.address.city,
    member.address.post_code,
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Facts title="Membership">
        {membership ? (
          <>
            <Fact label="Offering">{membership.offering.name}</Fact>
            <Fact label="Price">
              {membership.price.amount != null
                ? `${formatCents(membership.price.amount)} ${frequencyWords[membership.price.billing_frequency]}`
                : frequencyWords[membership.price.billing_frequency]}
            </Fact>
            <Fact label="Gym">{membership.gym?.name}</Fact>
            <Fact label="Type">{membership.type_label}</Fact>
            <Fact label="Started">{formatDate(membership.start_date)}</Fact>
            {membership.cancelled_at ? (
              <Fact label="Ends">
                {formatDate(membership.undo_cancellation_until ?? membership.cancelled_at)}
              </Fact>
            ) : (
              <Fact label="Renews">
                {membership.current_period_end ? formatDate(membership.current_period_end) : null}
              </Fact>
            )}
            <Fact label="Next charge">{nextChargeWords(membership.next_charge)}</Fact>
            {membership.pause_start_at && membership.pause_end_at ? (
              <Fact label="Pause">
                {`${formatDate(membership.pause_start_at)} to ${formatDate(membership.pause_end_at)}`}
              </Fact>
            ) : null}
            {membership.price_change ? (
              <Fact label="Price change">
                {`${membership.price_change.offering_name}, ${
                  membership.price_change.amount != null
                    ? `${formatCents(membership.price_change.amount)} ${frequencyWords[membership.price_change.billing_frequency]}`
                    : frequencyWords[membership.price_change.billing_frequency]
                }, from ${formatDate(membership.price_change.takes_effect_on)}`}
              </Fact>
            ) : null}
            {membership.cancelled_at ? (
              <Fact label="Cancelled">
                {formatDate(membership.cancelled_at)}
                {membership.undo_cancellation_until && member.states.includes('cancellation_undoable')
                  ? ` (can be undone until ${formatDate(membership.undo_cancellation_until)})`
                  : ''}
              </Fact>
            ) : null}
            <Fact label="Standing">{membership.reason}</Fact>
          </>
        ) : (
          <Fact label="Membership">No membership yet</Fact>
        )}
        {props.canManage ? (
          <div className="col-span-2 mt-3">
            <MembershipActions
              member={member}
              seesMoney={props.seesMoney}
              organisationId={props.organisationId}
            />
          </div>
        ) : null}
      </Facts>
      <Facts title="Contact">
        <Fact label="E-mail">
          <a href={`mailto:${member.email}`} className={linkStyles()}>
            {member.email}
          </a>
        </Fact>
        <Fact label="Mobile">
          {member.mobile_number ? (
            <a href={`tel:${member.mobile_number.replace(/[^\d+]/g, '')}`} className={linkStyles()}>
              {member.mobile_number}
            </a>
          ) : null}
        </Fact>
        <Fact label="Date of birth">{member.dob ? formatDate(member.dob) : null}</Fact>
        <Fact label="Address">{address || null}</Fact>
        <Fact label="Home gym">{member.home_gym?.name}</Fact>
        <Fact label="Joined">{formatDate(member.joined_at)}</Fact>
      </Facts>
      <Facts title="Emergency contact">
        <Fact label="Name">{member.emergency_contact.name}</Fact>
        <Fact label="Relationship">{member.emergency_contact.relationship}</Fact>
        <Fact label="Mobile">{member.emergency_contact.mobile_number}</Fact>
        <Fact label="E-mail">{member.emergency_contact.email}</Fact>
      </Facts>
      <Card>
        <h2 className="font-semibold text-base text-slate-900">Payment methods</h2>
        {member.payment_methods.length === 0 ? (
          <p className="mt-3 text-slate-600 text-sm">No payment method saved yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {member.payment_methods.map((method) => (
              <li key={method.id} className="flex items-center gap-3">
                {method.type === 'stripe_card' ? (
                  <CreditCard aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                ) : (
                  <Landmark aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                )}
                <span className="min-w-0 flex-1">
                  {method.type === 'stripe_card'
                    ? `${capitalise(method.brand ?? 'Card')} ending ${method.last_four}, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`
                    : `${method.name ?? 'Bank account'} ${method.bank_account_number ?? ''}`}
                </span>
                {method.is_default ? <Badge tone="accent">Default</Badge> : null}
              </li>
            ))}
          </ul>
        )}
        <h2 className="mt-6 font-semibold text-base text-slate-900">Tags and notes</h2>
        <div className="mt-3 flex flex-wrap gap-1.5">
          {member.tags.length === 0 ? <span className="text-slate-600 text-sm">No tags</span> : null}
          {member.tags.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
        </div>
        {member.notes ? (
          <p className="mt-3 whitespace-pre-wrap text-slate-900 text-sm">{member.notes}</p>
        ) : null}
        <h2 className="mt-6 font-semibold text-base text-slate-900">Preferences</h2>
        <ul className="mt-3 flex flex-col gap-1 text-slate-900 text-sm">
          <li>E-mails: {member.preferences.email_notifications_enabled ? 'yes' : 'no'}</li>
          <li>Push notifications: {member.preferences.push_notifications_enabled ? 'yes' : 'no'}</li>
          <li>Payment reminders: {member.preferences.payment_reminders ? 'yes' : 'no'}</li>
        </ul>
      </Card>
    </div>
  )
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function Payments(props: { id: number; page: number; memberName: string }) {
  const { data } = useSuspenseQuery(memberQueries.payments(props.id, props.page))
  if (data.meta.total === 0) return <Card>No payments yet.</Card>
  return (
    <div className="flex flex-col gap-3">
      <FailedPaymentDialog>
        <TableFrame>
          <Table aria-label="Payments">
            <TableHeader>
              <Column>Due</Column>
              <Column align="end">Amount</Column>
              <Column>Status</Column>
              <Column className="hidden md:table-cell">Period</Column>
            </TableHeader>
            <TableBody>
              {data.data.map((payment) => {
                const words = paymentStatusWords[payment.status_kind]
                const atDesk = isPaidAtTheDesk(payment)
                return (
                  <Row key={payment.id}>
                    <Cell isRowHeader>{formatDate(payment.due_on)}</Cell>
                    <Cell align="end">
                      {formatCents(chargedCents(payment))}
                      {payment.surcharge > 0 ? (
                        <span className="block text-slate-600 text-xs">
                          incl. {formatCents(payment.surcharge)} surcharge
                        </span>
                      ) : null}
                    </Cell>
                    <Cell>
                      <span className="flex flex-wrap items-center gap-1.5">
                        <Badge tone={words.tone}>{atDesk ? 'Paid at the desk' : words.label}</Badge>
                        {payment.is_retry && !atDesk ? <Badge>Retry</Badge> : null}
                        {payment.is_pro_rata ? <Badge>Pro rata</Badge> : null}
                      </span>
                      {atDesk && payment.desk_method ? (
                        <span className="mt-1 block text-slate-600 text-xs">
                          {deskMethodLabels[payment.desk_method]}
                        </span>
                      ) : null}
                      {payment.settled_at_desk_on ? (
                        <span className="mt-1 block text-slate-700 text-xs">
                          Settled at the desk on {formatDayAndMonth(payment.settled_at_desk_on)}
                        </span>
                      ) : null}
                      {payment.failure_reason ? (
                        <span
                          className={`mt-1 block text-xs ${payment.status_kind === 'waived' ? 'text-slate-600' : 'text-red-800'}`}
                        >
                          {payment.status_kind === 'waived'
                            ? `Failed: ${payment.failure_reason}`
                            : payment.failure_reason}
                        </span>
                      ) : null}
                      {payment.fixable ? (
                        <span className="mt-2 block">
                          <FailedPaymentActions
                            payment={{
                              id: payment.id,
                              amount: chargedCents(payment),
                              due_on: payment.due_on,
                              failure_reason: payment.failure_reason,
                              memberName: props.memberName,
                            }}
                          />
                        </span>
                      ) : null}
                    </Cell>
                    <Cell className="hidden md:table-cell">
                      {payment.period_start_at && payment.period_end_at
                        ? `${formatDate(payment.period_start_at)} – ${formatDate(payment.period_end_at)}`
                        : '—'}
                    </Cell>
                  </Row>
                )
              })}
            </TableBody>
          </Table>
        </TableFrame>
      </FailedPaymentDialog>
      <Pager id={props.id} tab="payments" meta={data.meta} noun={{ one: 'payment', many: 'payments' }} />
    </div>
  )
}

function Visits(props: { id: number; page: number }) {
  const { data } = useSuspenseQuery(memberQueries.visits(props.id, props.page))
  if (data.meta.total === 0) return <Card>No visits yet.</Card>
  return (
    <div className="flex flex-col gap-3">
      <TableFrame>
        <Table aria-label="Visits">
          <TableHeader>
            <Column>When</Column>
            <Column>Gym</Column>
            <Column>Door</Column>
          </TableHeader>
          <TableBody>
            {data.data.map((visit) => (
              <Row key={visit.id}>
                <Cell isRowHeader>{timeFormat.format(new Date(visit.visited_at))}</Cell>
                <Cell>{visit.gym.name}</Cell>
                <Cell>
                  {visit.successful ? <Badge tone="green">Let in</Badge> : <Badge tone="red">Refused</Badge>}
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
      <Pager id={props.id} tab="visits" meta={data.meta} noun={{ one: 'visit', many: 'visits' }} />
    </div>
  )
}

function History(props: { id: number; page: number }) {
  const { data } = useSuspenseQuery(memberQueries.history(props.id, props.page))
  const [reading, setReading] = useState<MemberHistoryEntry['email']>(null)
  if (data.meta.total === 0) {
    return (
      <Card>
        No changes yet. Pauses, cancellations, price changes, payments taken here and the e-mails the member
        was sent about them are listed.
      </Card>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <ol
        aria-label="History"
        className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
      >
        {data.data.map((entry) => (
          <li
            key={`${entry.email ? 'email' : 'change'}-${entry.id}`}
            className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:gap-4"
          >
            <span className="shrink-0 text-slate-600 sm:w-56">
              {timeFormat.format(new Date(entry.created_at))}
            </span>
            <span className="min-w-0 flex-1 text-slate-900">
              {entry.email ? (
                <span className="flex items-center gap-1.5">
                  <Mail aria-hidden className="size-4 shrink-0 text-slate-500" />
                  {entry.description}
                </span>
              ) : (
                entry.description
              )}
              <span className="block break-words text-slate-600 text-xs">
                {entry.email
                  ? `to ${entry.email.to}${entry.email.status === 'failed' ? ' · not delivered' : ''}`
                  : entry.self_service
                    ? memberMadeWords
                    : entry.actor
                      ? `by ${entry.actor.name}`
                      : 'by the system'}
              </span>
            </span>
            {entry.email?.text ? (
              <Button
                variant="secondary"
                className="self-start"
                aria-label={`Read the e-mail: ${entry.email.subject}`}
                onPress={() => setReading(entry.email)}
              >
                Read
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <Pager id={props.id} tab="history" meta={data.meta} noun={{ one: 'entry', many: 'entries' }} />
      <FormDialog
        isOpen={reading !== null}
        onOpenChange={(open) => (open ? null : setReading(null))}
        title={reading?.subject ?? ''}
      >
        <p className="text-slate-600 text-sm">To {reading?.to}</p>
        <pre className="mt-3 max-h-[60vh] overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-sans text-slate-800 text-sm">
          {reading?.text}
        </pre>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onPress={() => setReading(null)}>
            Close
          </Button>
        </div>
      </FormDialog>
    </div>
  )
}

function Pager(props: { id: number; tab: MemberTab; noun: { one: string; many: string }; meta: PageMeta }) {
  return (
    <ListFooter
      meta={props.meta}
      noun={props.noun}
      previous="Newer"
      next="Older"
      pageLink={(link) => (
        <Link
          to="/console/members/$id"
          params={{ id: props.id }}
          search={{ tab: props.tab, page: link.page }}
          disabled={link.disabled}
          className={link.className}
        >
          {link.children}
        </Link>
      )}
    />
  )
}
