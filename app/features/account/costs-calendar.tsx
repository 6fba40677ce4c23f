import { CalendarX, Flag, PauseCircle, Tag } from 'lucide-react'
import type { ReactNode } from 'react'
import type { AccountCosts, CostMarker, ProjectedCharge } from '~/contracts/account-costs'
import { nextChargeAmountWords } from '~/contracts/next-charge-words'
import { formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'

/**
 * The next twelve months as a calendar (issue 28 point 2): each month with its charge days and amounts,
 * and the pause, price change, term end and membership end in the month where they fall. Each month's
 * small grid is a picture of its list (hidden from screen readers); the list says it all in words.
 */
export function CostsCalendar(props: { costs: AccountCosts }) {
  const { costs } = props
  return (
    <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {costs.months.map((month) => (
        <MonthCard key={month} month={month} costs={costs} />
      ))}
    </ol>
  )
}

const monthFormat = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' })

function monthName(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number)
  return monthFormat.format(new Date(Date.UTC(year, index - 1, 1)))
}

const inMonth = (day: string, month: string) => day.slice(0, 7) === month.slice(0, 7)

/** A marker's day as the calendar places it: a pause already begun shows from today. */
const shownOn = (marker: CostMarker, from: string) => (marker.on < from ? from : marker.on)

function MonthCard(props: { month: string; costs: AccountCosts }) {
  const { month, costs } = props
  const charges = costs.charges.filter((charge) => inMonth(charge.on, month))
  const markers = costs.markers.filter((marker) => inMonth(shownOn(marker, costs.from), month))
  const total = charges.reduce((sum, charge) => sum + charge.total, 0)
  const events = [
    ...charges.map((charge) => ({
      key: `charge-${charge.on}`,
      on: charge.on,
      node: <ChargeItem charge={charge} />,
    })),
    ...markers.map((marker) => ({
      key: `${marker.kind}-${marker.on}`,
      on: shownOn(marker, costs.from),
      node: <MarkerItem marker={marker} />,
    })),
  ].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0))
  const title = monthName(month)
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-slate-600 text-sm tabular-nums">
          {charges.length > 0 ? (
            <>
              <span className="sr-only">In {title}: </span>
              {formatCents(total)}
            </>
          ) : null}
        </p>
      </div>
      <MonthGrid month={month} costs={costs} />
      {events.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {events.map((event) => (
            <li key={event.key}>{event.node}</li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500 text-sm">Nothing charged this month.</p>
      )}
    </li>
  )
}

function ChargeItem(props: { charge: ProjectedCharge }) {
  const { charge } = props
  const note =
    charge.kind === 'retry'
      ? ' (another try at a payment that didn’t go through)'
      : charge.kind === 'first_payment'
        ? ' (your first payment)'
        : charge.new_price
          ? ' (your new price)'
          : ''
  return (
    <p className="flex gap-2">
      <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent-600" />
      <span>
        <strong className="font-semibold">{nextChargeAmountWords(charge)}</strong> on{' '}
        {formatLongDate(charge.on)}
        {note}
      </span>
    </p>
  )
}

function MarkerItem(props: { marker: CostMarker }) {
  const { marker } = props
  if (marker.kind === 'pause') {
    return (
      <Marker icon={<PauseCircle className="size-4 text-amber-700" />}>
        Paused from {formatLongDate(marker.on)} to {formatLongDate(marker.until)}: no charges for those days,
        and the charge after moves later.
      </Marker>
    )
  }
  if (marker.kind === 'price_change') {
    const surcharge = marker.surcharge
      ? ` (${formatCents(marker.amount)} + ${formatCents(marker.surcharge)} card surcharge)`
      : ''
    return (
      <Marker icon={<Tag className="size-4 text-accent-700" />}>
        Your price changes to {formatCents(marker.total)}
        {surcharge} from {formatLongDate(marker.on)}.
      </Marker>
    )
  }
  if (marker.kind === 'term_end') {
    return (
      <Marker icon={<Flag className="size-4 text-emerald-700" />}>
        Your minimum term is complete on {formatLongDate(marker.on)}: from then you can leave without a cost
        to leave early.
      </Marker>
    )
  }
  return (
    <Marker icon={<CalendarX className="size-4 text-red-700" />}>
      {marker.reason === 'cancelled'
        ? `Your membership ends on ${formatLongDate(marker.on)}. Nothing is charged from then.`
        : `Your membership ends on ${formatLongDate(marker.on)} unless what you owe is paid before then.`}
    </Marker>
  )
}

function Marker(props: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex gap-2 text-slate-700">
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        {props.icon}
      </span>
      <span>{props.children}</span>
    </p>
  )
}

/** Monday first; each letter keyed by its day, since the letters repeat. */
const weekdays = [
  ['mon', 'M'],
  ['tue', 'T'],
  ['wed', 'W'],
  ['thu', 'T'],
  ['fri', 'F'],
  ['sat', 'S'],
  ['sun', 'S'],
] as const

/** The month's days, Monday first: charge days filled, paused days shaded, days gone by faded. */
function MonthGrid(props: { month: string; costs: AccountCosts }) {
  const { month, costs } = props
  const [year = 0, index = 1] = month.split('-').map(Number)
  const length = new Date(Date.UTC(year, index, 0)).getUTCDate()
  const offset = (new Date(Date.UTC(year, index - 1, 1)).getUTCDay() + 6) % 7
  const chargeDays = new Set(costs.charges.map((charge) => charge.on))
  const pauses = costs.markers.filter((marker) => marker.kind === 'pause')
  const flagged = new Set(
    costs.markers.filter((marker) => marker.kind !== 'pause').map((marker) => marker.on),
  )
  const days = Array.from({ length }, (_, day) => `${month.slice(0, 8)}${String(day + 1).padStart(2, '0')}`)
  return (
    <div aria-hidden="true" className="grid grid-cols-7 gap-0.5 text-center text-[11px] tabular-nums">
      {weekdays.map(([day, name]) => (
        <span key={day} className="pb-0.5 font-medium text-slate-400">
          {name}
        </span>
      ))}
      {offset > 0 ? <span style={{ gridColumn: `span ${offset} / span ${offset}` }} /> : null}
      {days.map((day) => {
        const charged = chargeDays.has(day)
        const paused = pauses.some((pause) => pause.kind === 'pause' && day >= pause.on && day <= pause.until)
        const past = day < costs.from
        const classes = charged
          ? 'bg-accent-600 font-semibold text-white'
          : paused
            ? 'bg-amber-100 text-amber-900'
            : past
              ? 'text-slate-300'
              : 'text-slate-600'
        const ring = flagged.has(day) ? ' ring-2 ring-slate-700 ring-inset' : ''
        return (
          <span key={day} className={`rounded-sm py-0.5 ${classes}${ring}`}>
            {Number(day.slice(8))}
          </span>
        )
      })}
    </div>
  )
}
