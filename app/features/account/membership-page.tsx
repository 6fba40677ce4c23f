import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { LightDateField } from '~/components/form/light-date-field'
import { LightField, LightForm, LightSubmitButton, useLightForm } from '~/components/form/light-form'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Radio, RadioGroup } from '~/components/ui/radio-group'
import type { SelfService, SelfServicePreview } from '~/contracts/account-membership'
import { cancellationReasons, resumeEffect, you } from '~/contracts/membership-action-words'
import { useJoinCall } from '~/features/join/connection-lost'
import { addCalendarDays } from '~/lib/calendar-days'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { todayInAuckland } from '~/lib/today'
import { AccountSection } from './account-frame'
import { pauseProblems } from './membership-rules'
import {
  cancelOwn,
  endOwnPause,
  pauseOwn,
  previewAction,
  undoOwnCancellation,
} from './membership-self-service.functions'

type Membership = NonNullable<SelfService['membership']>
type CancellationReason = (typeof cancellationReasons)[number]

/**
 * The account's "Pause or cancel" (issue 28): the membership as it stands, then what the member may do
 * with it — pause (two days, the effect in words, then confirm), end a pause, cancel (a reason if they
 * like, the effect in words, then confirm) and undo — by the staff's rules, on the organisation's word.
 * After each change the page reads the membership again (`router.invalidate()`) and says what happened.
 */
export function MembershipPage(props: { state: SelfService }) {
  const { state } = props
  const [done, setDone] = useState<string>()
  const membership = state.membership
  if (!membership) {
    return (
      <AccountSection title="Pause or cancel">
        <p className="text-slate-700">You have no membership to pause or cancel.</p>
      </AccountSection>
    )
  }
  return (
    <AccountSection
      title="Pause or cancel"
      description="Pause over a holiday, or leave: no call needed. We e-mail you to confirm each change."
    >
      {done ? (
        <Alert tone="success" title="Done">
          {done} We’ve e-mailed you to confirm.
        </Alert>
      ) : null}
      <Standing membership={membership} />
      {state.undo_cancellation.allowed ? (
        <UndoCard state={state} membership={membership} onDone={setDone} />
      ) : null}
      {state.end_pause.allowed && membership.pause ? (
        <EndPauseCard membership={membership} pause={membership.pause} onDone={setDone} />
      ) : null}
      <PauseCard state={state} membership={membership} onDone={setDone} />
      <CancelCard state={state} membership={membership} onDone={setDone} />
    </AccountSection>
  )
}

function Standing(props: { membership: Membership }) {
  const { membership } = props
  const next = membership.next_charge
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <Row label="Your membership">{membership.name}</Row>
      <Row label="Now">{membership.state}</Row>
      <Row label="Next charge">
        {next
          ? `${next.total != null ? `${formatCents(next.total)} on ` : ''}${formatDate(next.on)}`
          : 'None'}
      </Row>
      {membership.term ? (
        <Row label="Term">
          {membership.term.in_cooling_off && membership.term.cooling_off_until
            ? `Until ${formatDate(membership.term.term_ends_at)}; cooling-off until ${formatDate(membership.term.cooling_off_until)}`
            : `Committed until ${formatDate(membership.term.term_ends_at)}`}
        </Row>
      ) : null}
    </dl>
  )
}

function Row(props: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-slate-600 text-sm">{props.label}</dt>
      <dd className="font-medium text-slate-900">{props.children}</dd>
    </div>
  )
}

function Part(props: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-lg text-slate-900">{props.title}</h2>
      {props.children}
    </div>
  )
}

/**
 * An action's call, once however impatiently it is pressed: a press while one is on its way is dropped,
 * and the server holds the rest (the membership's version: a second press finds it changed, a 409).
 * Done or refused, the membership is read again so the page shows it as it now stands.
 */
function useAction() {
  const router = useRouter()
  const joinCall = useJoinCall()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<string>()
  async function run<T>(
    call: () => Promise<{ ok: true; data: T } | { ok: false; status: number; message: string }>,
    onDone: () => void,
  ) {
    if (pending) return
    setPending(true)
    setMessage(undefined)
    const result = await joinCall(call as () => Promise<{ ok: true; data: T }>)
    if (result.ok) onDone()
    else setMessage(result.message)
    await router.invalidate()
    setPending(false)
  }
  return { pending, message, run }
}

function Refusal(props: { message: string | undefined }) {
  return props.message ? <Alert tone="error">{props.message}</Alert> : null
}

function UndoCard(props: { state: SelfService; membership: Membership; onDone: (said: string) => void }) {
  const action = useAction()
  const endsOn = props.membership.cancellation?.ends_on
  return (
    <Part title="Changed your mind?">
      <p className="text-slate-700">
        Your membership is cancelled{endsOn ? ` and ends on ${formatDate(endsOn)}` : ''}. Undo it before then
        if you’d like to stay.
      </p>
      <p className="rounded-md bg-slate-50 p-3 text-slate-800">{props.state.undo_cancellation.effect}</p>
      <Refusal message={action.message} />
      <Button
        size="lg"
        className="sm:self-start"
        isPending={action.pending}
        onPress={() =>
          action.run(
            () => undoOwnCancellation({ data: { version: props.membership.version } }),
            () => props.onDone('Your cancellation is undone: your membership goes on.'),
          )
        }
      >
        Undo cancellation
      </Button>
    </Part>
  )
}

function EndPauseCard(props: {
  membership: Membership
  pause: NonNullable<Membership['pause']>
  onDone: (said: string) => void
}) {
  const { pause } = props
  const action = useAction()
  const [confirming, setConfirming] = useState(false)
  const label = pause.started ? 'End pause' : 'Withdraw pause'
  return (
    <Part title={pause.started ? 'Back early?' : 'Your planned pause'}>
      <p className="text-slate-700">
        {pause.started
          ? `You are paused until ${formatDate(pause.end_date)}.`
          : `You are pausing from ${formatDate(pause.start_date)} to ${formatDate(pause.end_date)}.`}
      </p>
      {confirming ? (
        <>
          <p className="rounded-md bg-slate-50 p-3 text-slate-800">{resumeEffect(you, pause.started)}</p>
          <Refusal message={action.message} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              isPending={action.pending}
              onPress={() =>
                action.run(
                  () => endOwnPause({ data: { version: props.membership.version } }),
                  () =>
                    props.onDone(
                      pause.started
                        ? 'Your pause has ended: your membership runs from today.'
                        : 'Your planned pause is withdrawn.',
                    ),
                )
              }
            >
              {`Yes, ${label.toLowerCase()}`}
            </Button>
            <Button size="lg" variant="secondary" onPress={() => setConfirming(false)}>
              Keep the pause
            </Button>
          </div>
        </>
      ) : (
        <Button size="lg" variant="secondary" className="sm:self-start" onPress={() => setConfirming(true)}>
          {label}
        </Button>
      )}
    </Part>
  )
}

function PauseCard(props: { state: SelfService; membership: Membership; onDone: (said: string) => void }) {
  const { state } = props
  if (!state.pause.allowed) {
    // A pause already booked is shown above; other reasons are said here.
    if (state.end_pause.allowed) return null
    return (
      <Part title="Pause">
        <p className="text-slate-700">{state.pause.reason}</p>
      </Part>
    )
  }
  return <PauseForm {...props} />
}

function PauseForm(props: { state: SelfService; membership: Membership; onDone: (said: string) => void }) {
  const joinCall = useJoinCall()
  const serverError = useActionFormError()
  const action = useAction()
  const [preview, setPreview] = useState<{
    dates: { start_date: string; end_date: string }
    said: SelfServicePreview
  }>()
  const tomorrow = addCalendarDays(todayInAuckland(), 1)
  const form = useLightForm({
    defaultValues: { start_date: tomorrow, end_date: addCalendarDays(tomorrow, 13) },
    problems: pauseProblems,
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      const result = await joinCall(() => previewAction({ data: { action: 'pause', ...value } }))
      if (!result.ok) return serverError.show(formApi, result)
      setPreview({ dates: value, said: result.data })
    },
  })
  return (
    <Part title="Pause">
      <ul className="list-disc pl-5 text-slate-700 text-sm">
        {props.state.pause.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {preview ? (
        <>
          <p className="rounded-md bg-slate-50 p-3 text-slate-800">{preview.said.effect}</p>
          <Refusal message={action.message} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              isPending={action.pending}
              onPress={() =>
                action.run(
                  () => pauseOwn({ data: { version: props.membership.version, ...preview.dates } }),
                  () => {
                    setPreview(undefined)
                    props.onDone(
                      `Your membership is paused from ${formatDate(preview.dates.start_date)} to ${formatDate(preview.dates.end_date)}.`,
                    )
                  },
                )
              }
            >
              Confirm pause
            </Button>
            <Button size="lg" variant="secondary" onPress={() => setPreview(undefined)}>
              Change the days
            </Button>
          </div>
        </>
      ) : (
        <LightForm form={form} aria-label="Pause" className="flex flex-col gap-4">
          {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <LightField form={form} name="start_date">
              <LightDateField label="First paused day" isRequired />
            </LightField>
            <LightField form={form} name="end_date">
              <LightDateField label="Last paused day" isRequired />
            </LightField>
          </div>
          <LightSubmitButton size="lg" className="sm:self-start">
            See what the pause does
          </LightSubmitButton>
        </LightForm>
      )}
    </Part>
  )
}

function CancelCard(props: { state: SelfService; membership: Membership; onDone: (said: string) => void }) {
  const { state } = props
  const action = useAction()
  const [confirming, setConfirming] = useState(false)
  const [reason, setReason] = useState<CancellationReason | null>(null)
  if (!state.cancel.allowed) {
    if (state.undo_cancellation.allowed) return null
    return (
      <Part title="Cancel">
        <p className="text-slate-700">{state.cancel.reason}</p>
      </Part>
    )
  }
  const endsOn = state.cancel.ends_on
  return (
    <Part title="Cancel">
      <p className="text-slate-700">{state.cancel.effect}</p>
      <RadioGroup
        label="Why are you leaving? (optional)"
        value={reason}
        onChange={(value) => setReason(cancellationReasons.find((option) => option === value) ?? null)}
        isDisabled={action.pending}
      >
        {cancellationReasons.map((option) => (
          <Radio key={option} value={option}>
            {option}
          </Radio>
        ))}
      </RadioGroup>
      {confirming ? (
        <>
          <p className="font-medium text-slate-900">
            {endsOn
              ? `Cancel your membership? Your access ends on ${formatDate(endsOn)}.`
              : 'Cancel your membership?'}
          </p>
          <Refusal message={action.message} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              variant="destructive"
              isPending={action.pending}
              onPress={() =>
                action.run(
                  () =>
                    cancelOwn({
                      data: {
                        version: props.membership.version,
                        reason,
                      },
                    }),
                  () => {
                    setConfirming(false)
                    props.onDone(
                      endsOn
                        ? `Your membership is cancelled: your access ends on ${formatDate(endsOn)}.`
                        : 'Your membership is cancelled.',
                    )
                  },
                )
              }
            >
              Yes, cancel my membership
            </Button>
            <Button size="lg" variant="secondary" onPress={() => setConfirming(false)}>
              Keep my membership
            </Button>
          </div>
        </>
      ) : (
        <Button size="lg" variant="secondary" className="sm:self-start" onPress={() => setConfirming(true)}>
          Cancel membership
        </Button>
      )}
    </Part>
  )
}
