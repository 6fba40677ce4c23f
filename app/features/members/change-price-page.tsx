import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { CircleCheck, Mail } from 'lucide-react'
import { useState } from 'react'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { DateField } from '~/components/ui/date-field'
import { FormDialog } from '~/components/ui/modal'
import { Select, SelectItem } from '~/components/ui/select'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'
import type { SessionUser } from '~/contracts/auth'
import { describePrice, type Price } from '~/contracts/catalogue'
import type { PriceChangesPreview, PriceMembership } from '~/contracts/members'
import { catalogueQueries } from '~/features/catalogue/queries'
import { isRealDay } from '~/lib/calendar-days'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { previewPriceChanges, schedulePriceChanges } from './members.functions'
import { previewPriceChangeEmail } from './membership.functions'
import { memberQueries } from './queries'
import type { ChangePriceSearch } from './search'

const title = 'Change price'
const description =
  'Move the members on one price to another: each at the end of their current period (a term membership when its term is over), or on a day you choose. Each member is e-mailed.'

const priceName = (price: Price) =>
  `${price.offering_name} · ${describePrice(price)}${price.gym ? ` (${price.gym.name} only)` : ''}`

/** members.change-price.index (issue 15): one new price for many memberships, previewed, then at once. */
export function ChangePricePage(props: { user: SessionUser; search: ChangePriceSearch }) {
  const navigate = useNavigate()
  const prices = useQuery(catalogueQueries.organisationPrices(props.user.current_organisation?.id ?? 0))
  const from = prices.data?.find((price) => price.id === props.search.from)
  return (
    <Page title={title} description={description}>
      <div className="flex flex-col gap-4">
        <Select
          label="Members now on"
          placeholder={prices.isPending ? 'Loading prices…' : 'Choose a price'}
          isDisabled={prices.isPending}
          className="w-full sm:max-w-md"
          value={props.search.from ?? null}
          onChange={(key) =>
            navigate({
              to: '/console/members/change-price',
              search: key === null ? {} : { from: Number(key) },
            })
          }
        >
          {(prices.data ?? [])
            .filter((price) => price.members_count > 0)
            .map((price) => (
              <SelectItem key={price.id} id={price.id}>
                {`${priceName(price)} — ${price.members_count} ${price.members_count === 1 ? 'member' : 'members'}`}
              </SelectItem>
            ))}
        </Select>
        {from ? <PriceChange key={from.id} from={from} prices={prices.data ?? []} /> : null}
      </div>
    </Page>
  )
}

function PriceChange(props: { from: Price; prices: Price[] }) {
  const { from } = props
  const queryClient = useQueryClient()
  const memberships = useQuery(memberQueries.priceMemberships(from.id))
  const schedule = useServerFn(schedulePriceChanges)
  const check = useServerFn(previewPriceChanges)
  const preview = useServerFn(previewPriceChangeEmail)
  // Left out at first: those who already have a change scheduled (a new one would replace it).
  const [excluded, setExcluded] = useState<Set<number> | null>(null)
  const [toId, setToId] = useState<number | null>(null)
  const [day, setDay] = useState('')
  const [email, setEmail] = useState<{ subject: string; text: string } | string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [affected, setAffected] = useState<PriceChangesPreview['changes'] | null>(null)
  const [checking, setChecking] = useState(false)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<Array<{ email: string; takes_effect_on: string }> | null>(null)

  const rows = memberships.data ?? []
  const left =
    excluded ?? new Set(rows.filter((row) => row.price_change_scheduled).map((row) => row.subscription_id))
  const chosen = rows.filter((row) => !left.has(row.subscription_id))
  const to = props.prices.find((price) => price.id === toId)
  const refusedIds = new Set(
    (affected ?? []).filter((change) => change.refused).map((change) => change.subscription_id),
  )
  const dayProblem = day !== '' && !isRealDay(day) ? 'Value is not a valid date' : undefined
  const toggle = (row: PriceMembership, include: boolean) => {
    const next = new Set(left)
    if (include) next.delete(row.subscription_id)
    else next.add(row.subscription_id)
    setExcluded(next)
    setEmail(null)
  }

  if (done) {
    return (
      <Card>
        <p className="flex items-center gap-2 font-medium text-slate-900">
          <CircleCheck aria-hidden="true" className="size-5 text-green-700" />
          {`Scheduled for ${done.length} ${done.length === 1 ? 'member' : 'members'}; each has been e-mailed.`}
        </p>
        <ul className="mt-3 flex flex-col gap-1 text-slate-700 text-sm">
          {done.map((entry) => (
            <li key={entry.email}>{`${entry.email}: from ${formatDate(entry.takes_effect_on)}`}</li>
          ))}
        </ul>
      </Card>
    )
  }
  if (memberships.isPending)
    return <p className="text-slate-600 text-sm">Loading the members on this price…</p>
  if (memberships.isError) return <Alert tone="error">{memberships.error.message}</Alert>
  if (rows.length === 0) return <Card>No running memberships on this price in the gyms you run.</Card>

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="New price"
            placeholder="Choose a price"
            value={toId}
            onChange={(key) => {
              setToId(key === null ? null : Number(key))
              setEmail(null)
            }}
          >
            {props.prices
              .filter((price) => price.id !== from.id && !price.archived_at)
              .map((price) => (
                <SelectItem key={price.id} id={price.id}>
                  {priceName(price)}
                </SelectItem>
              ))}
          </Select>
          <DateField
            label="Takes effect on"
            description="Empty: each member’s own period end. Choose who moves in the list below."
            value={day}
            onChange={setDay}
            errorMessage={dayProblem}
          />
        </div>
        {to && chosen.length > 0 ? (
          <p className="rounded-md bg-slate-50 p-3 text-slate-800 text-sm" aria-live="polite">
            {`${chosen.length} ${chosen.length === 1 ? 'member moves' : 'members move'} from ${describePrice(from)} to ${describePrice(to)}, ${
              day && !dayProblem
                ? `each from their first renewal on or after ${formatDate(day)}`
                : 'each from the end of their current period'
            }. Charges before then stay as they are. Each member’s day is shown before you confirm, and they are e-mailed it now.`}
          </p>
        ) : null}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            isDisabled={!to || chosen.length === 0 || dayProblem !== undefined}
            onPress={async () => {
              const first = chosen[0]
              if (!to || !first) return
              const result = await preview({
                data: { subscription_id: first.subscription_id, price_id: to.id, date: day || null },
              })
              setEmail(result.ok ? { subject: result.data.subject, text: result.data.text } : result.message)
            }}
          >
            <Mail aria-hidden="true" className="size-4" />
            Preview the e-mail
          </Button>
          <Button
            isDisabled={!to || chosen.length === 0 || dayProblem !== undefined}
            isPending={checking}
            onPress={async () => {
              if (!to || checking) return
              setProblem(null)
              setChecking(true)
              // What each member's change is, and which rises need more notice, before confirming.
              const result = await check({
                data: {
                  price_id: to.id,
                  date: day || null,
                  subscriptions: chosen.map((row) => ({ id: row.subscription_id, version: row.version })),
                },
              })
              setChecking(false)
              if (!result.ok) return setProblem(result.message)
              setAffected(result.data.changes)
              setConfirming(true)
            }}
          >
            {`Schedule for ${chosen.length} ${chosen.length === 1 ? 'member' : 'members'}`}
          </Button>
        </div>
        {email === null ? null : typeof email === 'string' ? (
          <Alert tone="error">{email}</Alert>
        ) : (
          <section aria-label="E-mail preview" className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="text-slate-600 text-xs">{`As ${chosen[0]?.member.name ?? 'the first member'} gets it`}</p>
            <p className="mt-1 font-medium">{email.subject}</p>
            <p className="mt-2 max-h-48 overflow-y-auto whitespace-pre-wrap text-slate-700">{email.text}</p>
          </section>
        )}
      </Card>
      <p className="text-slate-700 text-sm">
        {`${rows.length} running ${rows.length === 1 ? 'membership' : 'memberships'} on this price in the gyms you run (cancelled ones are left out).`}
      </p>
      <TableFrame>
        <Table aria-label="Memberships on this price">
          <TableHeader>
            <Column className="w-12">
              <Checkbox
                isSelected={chosen.length === rows.length}
                isIndeterminate={chosen.length > 0 && chosen.length < rows.length}
                onChange={(all) => {
                  setExcluded(all ? new Set() : new Set(rows.map((row) => row.subscription_id)))
                  setEmail(null)
                }}
              >
                <span className="sr-only">Include everyone</span>
              </Checkbox>
            </Column>
            <Column>Member</Column>
            <Column className="hidden md:table-cell">Gym</Column>
            <Column align="end">Pays now</Column>
            <Column className="hidden sm:table-cell">Changes on</Column>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <Row key={row.subscription_id}>
                <Cell>
                  <Checkbox
                    isSelected={!left.has(row.subscription_id)}
                    onChange={(include) => toggle(row, include)}
                  >
                    <span className="sr-only">{`Include ${row.member.name}`}</span>
                  </Checkbox>
                </Cell>
                <Cell isRowHeader>{row.member.name}</Cell>
                <Cell className="hidden md:table-cell">{row.gym?.name ?? '—'}</Cell>
                <Cell align="end">
                  {formatCents(row.amount)}
                  {/* Phones have no room for the date's own column: it goes under what they pay. */}
                  <span className="mt-1 block text-slate-600 text-xs sm:hidden">
                    Changes: <ChangesOn row={row} day={day && !dayProblem ? day : null} />
                  </span>
                </Cell>
                <Cell className="hidden sm:table-cell">
                  <ChangesOn row={row} day={day && !dayProblem ? day : null} />
                </Cell>
              </Row>
            ))}
          </TableBody>
        </Table>
      </TableFrame>
      <FormDialog
        isOpen={confirming}
        onOpenChange={(open) => (pending ? null : setConfirming(open))}
        title={`Move ${chosen.length} ${chosen.length === 1 ? 'member' : 'members'} to ${to ? describePrice(to) : 'the new price'}?`}
      >
        <AffectedMembers changes={affected ?? []} />
        <p className="mt-3 text-slate-700 text-sm">
          Each is e-mailed now; a change already scheduled for any of them is replaced. All are scheduled, or
          none if one of them was changed meanwhile.
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={() => setConfirming(false)} isDisabled={pending}>
            Cancel
          </Button>
          {refusedIds.size > 0 ? (
            <Button
              variant="secondary"
              isDisabled={pending || refusedIds.size === chosen.length}
              onPress={() => {
                const next = new Set(left)
                for (const id of refusedIds) next.add(id)
                setExcluded(next)
                setAffected(
                  (changes) => changes?.filter((change) => !refusedIds.has(change.subscription_id)) ?? null,
                )
              }}
            >
              {`Leave out ${refusedIds.size} and continue`}
            </Button>
          ) : null}
          <Button
            isPending={pending}
            isDisabled={refusedIds.size > 0}
            onPress={async () => {
              if (!to || pending) return
              setPending(true)
              const result = await schedule({
                data: {
                  price_id: to.id,
                  date: day || null,
                  subscriptions: chosen.map((row) => ({ id: row.subscription_id, version: row.version })),
                },
              })
              setPending(false)
              setConfirming(false)
              await queryClient.invalidateQueries({ queryKey: memberQueries.all })
              if (!result.ok) return setProblem(result.message)
              setDone(result.data.scheduled)
            }}
          >
            Schedule and e-mail them
          </Button>
        </div>
      </FormDialog>
    </div>
  )
}

const kindWords = { rise: 'Rise', cut: 'Cut', same: 'Same price' } as const

/** Who the change moves and how (issue 25): rise or cut, the amounts and the day; refused rises said. */
function AffectedMembers(props: { changes: PriceChangesPreview['changes'] }) {
  const refused = props.changes.filter((change) => change.refused)
  return (
    <div className="flex flex-col gap-3">
      {refused.length > 0 ? (
        <Alert tone="error">
          {`${refused.length} ${refused.length === 1 ? 'rise needs' : 'rises need'} more notice: choose a later day, or leave ${refused.length === 1 ? 'that member' : 'them'} out.`}
        </Alert>
      ) : null}
      <ul
        aria-label="Members affected"
        className="flex max-h-72 flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-sm"
      >
        {props.changes.map((change) => (
          <li key={change.subscription_id} className="flex flex-col gap-0.5 px-3 py-2">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900">{change.member.name}</span>
              <Badge
                tone={
                  change.refused
                    ? 'red'
                    : change.kind === 'rise'
                      ? 'amber'
                      : change.kind === 'cut'
                        ? 'green'
                        : 'slate'
                }
              >
                {kindWords[change.kind]}
              </Badge>
            </span>
            <span className="text-slate-700">
              {`${formatCents(change.from_amount)} → ${formatCents(change.to_amount)} from ${formatDate(change.takes_effect_on)}`}
            </span>
            {change.refused ? <span className="text-red-800">{`Refused: ${change.refused}`}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** When the member's price changes: the day chosen, else their term's end or their period's end. */
function ChangesOn(props: { row: PriceMembership; day: string | null }) {
  const { row, day } = props
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {day
        ? formatDate(day)
        : row.within_term && row.term_ends_at
          ? `After the term ends ${formatDate(row.term_ends_at)}`
          : row.current_period_end
            ? formatDate(row.current_period_end)
            : '—'}
      {row.price_change_scheduled ? <Badge tone="amber">Change already scheduled</Badge> : null}
    </span>
  )
}
