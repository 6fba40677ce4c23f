import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Ban, CalendarClock, CirclePause, HandCoins, Mail, Play, Tags, Undo2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { ConfirmDialog, FormDialog } from '~/components/ui/modal'
import { Radio } from '~/components/ui/radio-group'
import { toast } from '~/components/ui/toast'
import { describePrice } from '~/contracts/catalogue'
import { deskMethodLabels } from '~/contracts/desk-methods'
import { type DeskPaymentMethod, deskPaymentMethods } from '~/contracts/enums'
import type { MemberDetail } from '~/contracts/members'
import { deskMethodMessage } from '~/contracts/subscriptions'
import { catalogueQueries } from '~/features/catalogue/queries'
import type { ActionResult } from '~/lib/action-result'
import { addCalendarDays, daysFromTo } from '~/lib/calendar-days'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { todayInAuckland } from '~/lib/today'
import {
  cancelMembership,
  fetchStartEarlyData,
  pauseMembership,
  previewPriceChangeEmail,
  recordManualPayment,
  resumeMembership,
  schedulePriceChange,
  startMembershipEarly,
  undoCancellation,
} from './membership.functions'
import { memberQueries } from './queries'

type Membership = NonNullable<MemberDetail['membership']>
type Action = 'pause' | 'resume' | 'cancel' | 'undo' | 'payment' | 'start' | 'price'

/** Why members leave, as the front desk hears it; kept with the cancellation. */
export const cancellationReasons = [
  'Moving away',
  'Cost',
  'Not using it enough',
  'Injury or health',
  'Joined another gym',
  'Other',
] as const

/**
 * The membership's actions on the member's page (issue 15): each in a dialog that says what it will do
 * to the member's access and next charge before it is done. A change someone else made meanwhile (the
 * API's 409) is said in the dialog and the page reloads the membership, so the next press acts on what
 * is there now.
 */
export function MembershipActions(props: {
  member: MemberDetail
  seesMoney: boolean
  organisationId: number
}) {
  const membership = props.member.membership
  const [open, setOpen] = useState<Action | null>(null)
  if (!membership) return null
  const states = props.member.states
  const cancelled = membership.cancelled_at !== null
  const undoable = states.includes('cancellation_undoable')
  const pausable = !cancelled && !states.includes('paused') && !states.includes('paused_in_future')
  const today = todayInAuckland()
  const startsLater = membership.start_date > today && membership.upcoming_state === 'upcoming'
  const close = () => setOpen(null)
  const actions: Array<{ id: Action; label: string; icon: typeof CirclePause; show: boolean }> = [
    { id: 'pause', label: 'Pause', icon: CirclePause, show: pausable },
    {
      id: 'resume',
      label: states.includes('paused') ? 'End pause' : 'Withdraw pause',
      icon: Play,
      show: !cancelled && (states.includes('paused') || states.includes('paused_in_future')),
    },
    { id: 'cancel', label: 'Cancel membership', icon: Ban, show: !cancelled },
    { id: 'undo', label: 'Undo cancellation', icon: Undo2, show: undoable },
    { id: 'start', label: 'Start today', icon: Play, show: startsLater && !cancelled },
    { id: 'price', label: 'Change price', icon: Tags, show: props.seesMoney && !cancelled },
    { id: 'payment', label: 'Record payment', icon: HandCoins, show: props.seesMoney && !cancelled },
  ]
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions
          .filter((action) => action.show)
          .map(({ id, label, icon: Icon }) => (
            <Button key={id} variant="secondary" size="sm" onPress={() => setOpen(id)}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Button>
          ))}
      </div>
      <FormDialog
        isOpen={open === 'pause'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Pause membership"
      >
        <PauseForm member={props.member} membership={membership} onDone={close} />
      </FormDialog>
      <FormDialog
        isOpen={open === 'cancel'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Cancel membership"
      >
        <CancelForm member={props.member} membership={membership} onDone={close} />
      </FormDialog>
      <FormDialog
        isOpen={open === 'payment'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Record a payment"
      >
        <PaymentForm member={props.member} membership={membership} onDone={close} />
      </FormDialog>
      <FormDialog
        isOpen={open === 'price'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Change price"
      >
        <PriceChangeForm
          member={props.member}
          membership={membership}
          organisationId={props.organisationId}
          onDone={close}
        />
      </FormDialog>
      <UndoDialog member={props.member} membership={membership} isOpen={open === 'undo'} onClose={close} />
      <ResumeDialog
        member={props.member}
        membership={membership}
        isOpen={open === 'resume'}
        onClose={close}
        started={states.includes('paused')}
      />
      <StartDialog member={props.member} membership={membership} isOpen={open === 'start'} onClose={close} />
    </>
  )
}

/**
 * A dialog's answer: a refusal under its fields or above them (a 409, someone else's change, also reloads
 * the membership so the next try acts on what is there now); a success reloads, says what was done and
 * closes the dialog.
 */
async function settle(
  result: ActionResult<unknown>,
  options: {
    formApi: Parameters<ReturnType<typeof useActionFormError>['show']>[0]
    serverError: ReturnType<typeof useActionFormError>
    reload: () => Promise<unknown>
    onDone: () => void
    said: string
  },
) {
  if (!result.ok) {
    options.serverError.show(options.formApi, result)
    if (result.status === 409) await options.reload()
    return
  }
  await options.reload()
  toast.success(options.said)
  options.onDone()
}

/** After an action: the member's page and lists read again, so what is shown is what is stored. */
function useReload(memberId: number) {
  const queryClient = useQueryClient()
  return () =>
    queryClient
      .invalidateQueries({ queryKey: ['members', 'member', memberId] })
      .then(() => queryClient.invalidateQueries({ queryKey: memberQueries.all }))
}

function DialogButtons(props: { onCancel: () => void; submit: ReactNode }) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onPress={props.onCancel}>
        Keep as it is
      </Button>
      {props.submit}
    </div>
  )
}

function Effect(props: { children: ReactNode }) {
  return (
    <p className="rounded-md bg-slate-50 p-3 text-slate-800 text-sm" aria-live="polite">
      {props.children}
    </p>
  )
}

function PauseForm(props: { member: MemberDetail; membership: Membership; onDone: () => void }) {
  const { member, membership } = props
  const pause = useServerFn(pauseMembership)
  const reload = useReload(member.id)
  const serverError = useActionFormError()
  const today = todayInAuckland()
  const form = useConsoleForm({
    defaultValues: { start_date: today, end_date: addCalendarDays(today, 13) },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await pause({ data: { id: membership.id, version: membership.version, ...value } })
      await settle(result, {
        formApi,
        serverError,
        reload,
        onDone: props.onDone,
        said: `${member.name}’s membership is paused from ${formatDate(value.start_date)} to ${formatDate(value.end_date)}`,
      })
    },
  })
  return (
    <form.AppForm>
      <form.Form aria-label="Pause membership" className="flex flex-col gap-4">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <div className="flex flex-col gap-4">
          <form.AppField name="start_date">
            {(field) => <field.DateField label="First paused day" isRequired />}
          </form.AppField>
          <form.AppField name="end_date">
            {(field) => <field.DateField label="Last paused day" isRequired />}
          </form.AppField>
        </div>
        <form.Subscribe selector={(state) => state.values}>
          {(values) => {
            const days = daysFromTo(values.start_date, values.end_date)
            return days === null || days < 1 ? null : (
              <Effect>
                {member.name} is not charged and the door stays shut for them from{' '}
                {formatDate(values.start_date)} to {formatDate(values.end_date)} ({days}{' '}
                {days === 1 ? 'day' : 'days'}). Their billing dates after the pause move {days}{' '}
                {days === 1 ? 'day' : 'days'} later
                {pauseChargeEffect(membership)}.
              </Effect>
            )
          }}
        </form.Subscribe>
        <DialogButtons onCancel={props.onDone} submit={<form.SubmitButton>Pause</form.SubmitButton>} />
      </form.Form>
    </form.AppForm>
  )
}

function CancelForm(props: { member: MemberDetail; membership: Membership; onDone: () => void }) {
  const { member, membership } = props
  const cancel = useServerFn(cancelMembership)
  const reload = useReload(member.id)
  const serverError = useActionFormError()
  const renews = membership.current_period_end
  const form = useConsoleForm({
    defaultValues: { when: 'period_end' as string | null, reasons: [] as string[], comments: '' },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await cancel({
        data: {
          id: membership.id,
          version: membership.version,
          immediately: value.when === 'now',
          reasons: value.reasons,
          comments: value.comments || null,
        },
      })
      await settle(result, {
        formApi,
        serverError,
        reload,
        onDone: props.onDone,
        said:
          value.when === 'now' || !renews
            ? `${member.name}’s membership is cancelled`
            : `${member.name}’s membership ends on ${formatDate(renews)}`,
      })
    },
  })
  return (
    <form.AppForm>
      <form.Form aria-label="Cancel membership" className="flex flex-col gap-4">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <form.AppField name="when">
          {(field) => (
            <field.RadioGroupField label="When">
              <Radio value="period_end">
                {renews
                  ? `At the end of the paid period (${formatDate(renews)})`
                  : 'At the end of the paid period'}
              </Radio>
              <Radio value="now">Now</Radio>
            </field.RadioGroupField>
          )}
        </form.AppField>
        <form.AppField name="reasons">
          {(field) => (
            <field.CheckboxGroupField label="Why are they leaving?">
              {cancellationReasons.map((reason) => (
                <Checkbox key={reason} value={reason}>
                  {reason}
                </Checkbox>
              ))}
            </field.CheckboxGroupField>
          )}
        </form.AppField>
        <form.AppField name="comments">
          {(field) => <field.TextField label="Comments" maxLength={2000} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.when}>
          {(when) => (
            <Effect>
              {when === 'now'
                ? `${member.name} loses door access today and is charged nothing more. This cannot be undone.`
                : periodEndEffect(member.name, renews, membership.next_charge)}
            </Effect>
          )}
        </form.Subscribe>
        <DialogButtons
          onCancel={props.onDone}
          submit={<form.SubmitButton variant="destructive">Cancel membership</form.SubmitButton>}
        />
      </form.Form>
    </form.AppForm>
  )
}

/**
 * What a pause does to the next charge. A renewal the pause covers moves with the billing dates; a
 * retry of the current period's failed payment (due before the period ends) is money already owed for
 * days used, and the engine still takes it, so the dialog must not promise to move it.
 */
function pauseChargeEffect(membership: Membership): string {
  const next = membership.next_charge
  if (!next) return ''
  const renews = membership.current_period_end
  if (renews && next.on < renews) {
    const amount = next.total != null ? `${formatCents(next.total)} ` : ''
    return `; what they owe for this period is still collected: the ${amount}charge due ${formatDate(next.on)} is taken`
  }
  return `; the charge due ${formatDate(next.on)} is moved if the pause covers it`
}

/**
 * What cancelling at the period's end does to the money. The next charge is not taken when it is the
 * renewal's; a retry of this period's failed payment (due before the renew date) still is, so the
 * dialog must not promise otherwise.
 */
function periodEndEffect(name: string, renews: string | null, next: Membership['next_charge']): string {
  const until = `${name} keeps door access until ${renews ? formatDate(renews) : 'the end of the paid period'}`
  const undo = 'You can undo this for a while.'
  if (next && renews && next.on < renews) {
    const amount = next.total != null ? `${formatCents(next.total)} ` : ''
    return `${until}. What they owe for this period is still collected: the ${amount}charge due ${formatDate(next.on)} is taken. Nothing is charged after that. ${undo}`
  }
  const notTaken = next ? ` (the charge due ${formatDate(next.on)} is not taken)` : ''
  return `${until} and is charged nothing more${notTaken}. ${undo}`
}

function PaymentForm(props: { member: MemberDetail; membership: Membership; onDone: () => void }) {
  const { member, membership } = props
  const record = useServerFn(recordManualPayment)
  const reload = useReload(member.id)
  const serverError = useActionFormError()
  const owing = member.balance_owing ?? 0
  const form = useConsoleForm({
    defaultValues: {
      amount: (owing > 0 ? owing : null) as number | null,
      method: null as DeskPaymentMethod | null,
      note: '',
    },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      if (value.amount === null || value.method === null) return
      const result = await record({
        data: {
          id: membership.id,
          version: membership.version,
          amount: value.amount,
          method: value.method,
          note: value.note || null,
        },
      })
      await settle(result, {
        formApi,
        serverError,
        reload,
        onDone: props.onDone,
        said: `${formatCents(value.amount)} recorded for ${member.name}`,
      })
    },
  })
  return (
    <form.AppForm>
      <form.Form aria-label="Record a payment" className="flex flex-col gap-4">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <form.AppField name="amount">
          {(field) => <field.MoneyField label="Amount" isRequired />}
        </form.AppField>
        <form.AppField
          name="method"
          validators={{ onSubmit: ({ value }) => (value === null ? deskMethodMessage : undefined) }}
        >
          {(field) => (
            <field.RadioGroupField label="Paid by" isRequired>
              {deskPaymentMethods.map((method) => (
                <Radio key={method} value={method}>
                  {deskMethodLabels[method]}
                </Radio>
              ))}
            </field.RadioGroupField>
          )}
        </form.AppField>
        <form.AppField name="note">
          {(field) => <field.TextField label="Note" maxLength={500} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.amount}>
          {(amount) =>
            amount === null ? null : (
              <Effect>
                {owing > 0
                  ? `What ${member.name} owes goes from ${formatCents(owing)} to ${formatCents(Math.max(0, owing - amount))}${amount > owing ? `; the ${formatCents(amount - owing)} over is kept as credit for their next charge` : ''}.`
                  : `${member.name} owes nothing; ${formatCents(amount)} is kept as credit for their next charge.`}
              </Effect>
            )
          }
        </form.Subscribe>
        <DialogButtons
          onCancel={props.onDone}
          submit={<form.SubmitButton>Record payment</form.SubmitButton>}
        />
      </form.Form>
    </form.AppForm>
  )
}

function UndoDialog(props: {
  member: MemberDetail
  membership: Membership
  isOpen: boolean
  onClose: () => void
}) {
  const { member, membership } = props
  const undo = useServerFn(undoCancellation)
  const reload = useReload(member.id)
  const [pending, setPending] = useState(false)
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      title="Undo the cancellation?"
      confirmLabel="Undo cancellation"
      isPending={pending}
      onConfirm={async () => {
        setPending(true)
        const result = await undo({ data: { id: membership.id, version: membership.version } })
        setPending(false)
        await reload()
        if (!result.ok) return void toast.error(result.message)
        toast.success(`${member.name}’s membership goes on`)
        props.onClose()
      }}
    >
      {member.name}’s membership goes on as before
      {membership.current_period_end
        ? `: it renews on ${formatDate(membership.current_period_end)} and they are charged then`
        : ''}
      .
    </ConfirmDialog>
  )
}

function ResumeDialog(props: {
  member: MemberDetail
  membership: Membership
  isOpen: boolean
  onClose: () => void
  started: boolean
}) {
  const { member, membership } = props
  const resume = useServerFn(resumeMembership)
  const reload = useReload(member.id)
  const [pending, setPending] = useState(false)
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      title={props.started ? 'End the pause today?' : 'Withdraw the planned pause?'}
      confirmLabel={props.started ? 'End pause' : 'Withdraw pause'}
      isPending={pending}
      onConfirm={async () => {
        if (pending) return
        setPending(true)
        const result = await resume({ data: { id: membership.id, version: membership.version } })
        setPending(false)
        await reload()
        if (!result.ok) return void toast.error(result.message)
        toast.success(
          props.started
            ? `${member.name} is back: their membership runs from today`
            : 'The pause is withdrawn',
        )
        props.onClose()
      }}
    >
      {props.started
        ? `${member.name}’s membership runs again from today: the doors open for them within seconds, and their next billing date moves back by the days they no longer pause.`
        : `${member.name}’s membership won’t be paused: they keep their access and are charged on their usual dates.`}
    </ConfirmDialog>
  )
}

function StartDialog(props: {
  member: MemberDetail
  membership: Membership
  isOpen: boolean
  onClose: () => void
}) {
  const { member, membership } = props
  const start = useServerFn(startMembershipEarly)
  const reload = useReload(member.id)
  const [pending, setPending] = useState(false)
  const quote = useQuery({
    queryKey: ['members', 'member', member.id, 'start-early', membership.id, membership.version],
    queryFn: () => fetchStartEarlyData({ data: { id: membership.id } }),
    enabled: props.isOpen,
  })
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => !isOpen && props.onClose()}
      title="Start the membership today?"
      confirmLabel="Start today"
      isPending={pending || quote.isPending}
      onConfirm={async () => {
        setPending(true)
        const result = await start({ data: { id: membership.id, version: membership.version } })
        setPending(false)
        await reload()
        if (!result.ok) return void toast.error(result.message)
        toast.success(`${member.name}’s membership has started`)
        props.onClose()
      }}
    >
      {quote.data ? (
        <>
          <p>
            It was to start on {formatDate(quote.data.original_start_date)}. Starting today, {member.name}{' '}
            gets in at once and pays {formatCents(quote.data.pro_rata_amount)} for the days until then.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {quote.data.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : quote.isError ? (
        <p>{quote.error.message}</p>
      ) : (
        <p className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-4" /> Working out what starting today costs…
        </p>
      )}
    </ConfirmDialog>
  )
}

/**
 * "From <day>": the day the new price is first charged, as the server works it out for the e-mail, the
 * history and the engine (the preview's `takes_effect_on`); the booked day in words until it answers.
 */
function priceChangeDayKey(
  membership: { id: number; version: number },
  priceId: number,
  date: string | null,
) {
  return ['members', 'price-change-day', membership.id, membership.version, priceId, date] as const
}

function FirstChargedOn(props: {
  membershipId: number
  version: number
  priceId: number
  date: string | null
  booked: string
}) {
  const preview = useServerFn(previewPriceChangeEmail)
  const day = useQuery({
    queryKey: priceChangeDayKey(
      { id: props.membershipId, version: props.version },
      props.priceId,
      props.date,
    ),
    queryFn: () =>
      preview({ data: { subscription_id: props.membershipId, price_id: props.priceId, date: props.date } }),
    enabled: props.date === null || /^\d{4}-\d{2}-\d{2}$/.test(props.date),
  })
  return day.data?.ok ? `From ${formatDate(day.data.data.takes_effect_on)}` : props.booked
}

function PriceChangeForm(props: {
  member: MemberDetail
  membership: Membership
  organisationId: number
  onDone: () => void
}) {
  const { member, membership } = props
  const schedule = useServerFn(schedulePriceChange)
  const preview = useServerFn(previewPriceChangeEmail)
  const queryClient = useQueryClient()
  // With no day chosen the server decides as the rules say: a membership within its term moves when
  // the term is over (after the organisation's grace period), any other at the end of its period.
  const periodEnd = membership.current_period_end
    ? formatDate(membership.current_period_end)
    : 'the end of the current period'
  const withoutDate =
    membership.term_ends_at && membership.term_ends_at > todayInAuckland()
      ? {
          effect: `After the term ends on ${formatDate(membership.term_ends_at)} and the organisation’s grace period for terms,`,
          field: `Empty: after the term ends on ${formatDate(membership.term_ends_at)} and the organisation’s grace period for terms.`,
          said: `after their term ends on ${formatDate(membership.term_ends_at)}`,
        }
      : {
          effect: `From ${periodEnd}`,
          field: 'Empty: at the end of the current period.',
          said: `on ${periodEnd}`,
        }
  const reload = useReload(member.id)
  const serverError = useActionFormError()
  const [email, setEmail] = useState<{ subject: string; text: string } | string | null>(null)
  const prices = useQuery(catalogueQueries.organisationPrices(props.organisationId))
  const choices = (prices.data ?? [])
    .filter((price) => !price.archived_at && price.id !== membership.price.id)
    .map((price) => ({
      id: String(price.id),
      name: `${price.offering_name} · ${describePrice(price)}${price.gym ? ` (${price.gym.name} only)` : ''}`,
      amount: price.amount,
    }))
  const form = useConsoleForm({
    defaultValues: { price_id: null as string | null, date: membership.current_period_end ?? '' },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      if (value.price_id === null) return
      // The day the dialog named (the server's preview answer), read before the change moves the version.
      const named = queryClient.getQueryData<Awaited<ReturnType<typeof preview>>>(
        priceChangeDayKey(membership, Number(value.price_id), value.date || null),
      )
      const firstDay = named?.ok ? named.data.takes_effect_on : null
      const result = await schedule({
        data: {
          subscription_id: membership.id,
          version: membership.version,
          price_id: Number(value.price_id),
          date: value.date || null,
        },
      })
      await settle(result, {
        formApi,
        serverError,
        reload,
        onDone: props.onDone,
        said: firstDay
          ? `${member.name}’s price changes from ${formatDate(firstDay)}`
          : value.date
            ? `${member.name}’s price changes from the first renewal on or after ${formatDate(value.date)}`
            : `${member.name}’s price changes ${withoutDate.said}`,
      })
    },
  })
  return (
    <form.AppForm>
      <form.Form aria-label="Change price" className="flex flex-col gap-4">
        {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
        <form.AppField name="price_id">
          {(field) => (
            <field.SelectField
              label="New price"
              options={choices}
              isRequired
              // Until the prices have come there is nothing to choose: no empty list to open.
              isDisabled={prices.isPending}
              placeholder={prices.isPending ? 'Loading prices…' : 'Choose a price'}
            />
          )}
        </form.AppField>
        <form.AppField name="date">
          {(field) => <field.DateField label="Takes effect on" description={withoutDate.field} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values}>
          {(values) => {
            const chosen = choices.find((choice) => choice.id === values.price_id)
            if (!chosen) return null
            return (
              <>
                <Effect>
                  <FirstChargedOn
                    membershipId={membership.id}
                    version={membership.version}
                    priceId={Number(chosen.id)}
                    date={values.date || null}
                    booked={
                      values.date
                        ? `From the first renewal on or after ${formatDate(values.date)}`
                        : withoutDate.effect
                    }
                  />{' '}
                  {member.name} pays {chosen.name.split(' · ')[1]}
                  {membership.price.amount != null
                    ? ` instead of ${formatCents(membership.price.amount)}`
                    : ''}
                  ; charges before then stay as they are. They are e-mailed about the change.
                </Effect>
                <Button
                  variant="quiet"
                  size="sm"
                  className="self-start"
                  onPress={async () => {
                    const result = await preview({
                      data: {
                        subscription_id: membership.id,
                        price_id: Number(chosen.id),
                        date: values.date || null,
                      },
                    })
                    setEmail(
                      result.ok ? { subject: result.data.subject, text: result.data.text } : result.message,
                    )
                  }}
                >
                  <Mail aria-hidden="true" className="size-4" />
                  Preview the e-mail
                </Button>
                {email === null ? null : typeof email === 'string' ? (
                  <Alert tone="error">{email}</Alert>
                ) : (
                  <section
                    aria-label="E-mail preview"
                    className="rounded-md border border-slate-200 p-3 text-sm"
                  >
                    <p className="font-medium">{email.subject}</p>
                    <p className="mt-2 max-h-48 overflow-y-auto whitespace-pre-wrap text-slate-700">
                      {email.text}
                    </p>
                  </section>
                )}
              </>
            )
          }}
        </form.Subscribe>
        <DialogButtons
          onCancel={props.onDone}
          submit={<form.SubmitButton>Schedule price change</form.SubmitButton>}
        />
      </form.Form>
    </form.AppForm>
  )
}
