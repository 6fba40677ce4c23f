import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { CircleCheck, CircleX } from 'lucide-react'
import { useRef, useState } from 'react'
import { SubmitForm } from '~/components/form/submit-form'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { Select, SelectItem } from '~/components/ui/select'
import { TextButton } from '~/components/ui/text-button'
import { TextField } from '~/components/ui/text-field'
import { type TapResult, tapCredentialMaxLength, tapCredentialTooLong } from '~/contracts/doors'
import { orConnectionLost } from '~/features/join/connection-lost'
import { memberQueries } from '~/features/members/queries'
import { formatTime } from '~/lib/instants'
import { tapDoor } from './doors.functions'
import { doorQueries } from './queries'
import type { TapSearch } from './search'

/** Presses this close together are one tap, as a reader reads a card held to it once. */
const sameTapMs = 1000

/**
 * The demo's door (issue 17): tap a member's card or code at one of the sandbox door system's doors and
 * see what the door does — open, or refuse and why — and the visit it lists. The sandbox only; the
 * real doors answer real cards.
 */
export function TapPage(props: {
  search: TapSearch
  gyms: Array<{ id: number; name: string }>
  currentGymId: number | null
}) {
  const navigate = useNavigate({ from: '/console/doors/tap' })
  // Without a gym asked for, the one the user works at now (the gym switcher's); a gym they don't work
  // at (an old link) falls back to it too, then to their first.
  const asked = props.gyms.find((gym) => gym.id === props.search.gym_id)
  const current = props.gyms.find((gym) => gym.id === props.currentGymId)
  const gymId = asked?.id ?? current?.id ?? props.gyms[0]?.id
  const doors = useQuery({ ...doorQueries.gym(gymId ?? 0), enabled: gymId !== undefined })
  const member = useQuery({
    ...memberQueries.member(props.search.member_id ?? 0),
    enabled: props.search.member_id !== undefined,
  })
  const list = doors.data?.doors ?? []
  const doorId = props.search.door_id ?? list[0]?.id
  const [taps, setTaps] = useState<Array<{ n: number; result: TapResult }>>([])
  const set = (change: Partial<TapSearch>) =>
    void navigate({ search: (current) => ({ ...current, ...change }), replace: true })

  return (
    <Page
      title="Try a door"
      description="The sandbox door system: tap a member’s card or code at a door and see it open or refuse."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <div className="flex flex-col gap-4">
            <Select
              label="Gym"
              selectedKey={gymId ?? null}
              onSelectionChange={(key) => set({ gym_id: Number(key), door_id: undefined })}
              items={props.gyms}
            >
              {(gym) => <SelectItem id={gym.id}>{gym.name}</SelectItem>}
            </Select>
            {doors.isError ? <Alert tone="error">The doors could not be loaded.</Alert> : null}
            {doors.data && !doors.data.place ? (
              <Alert tone="info">This gym isn’t linked to a place of the door system yet.</Alert>
            ) : null}
            {doors.data?.integration && doors.data.integration.integration_type !== 'sandbox' ? (
              <Alert tone="info">The doors here are real: try them with a real card.</Alert>
            ) : null}
            {list.length > 0 ? (
              <Select
                label="Door"
                selectedKey={doorId ?? null}
                onSelectionChange={(key) => set({ door_id: Number(key) })}
                items={list}
              >
                {(door) => <SelectItem id={door.id}>{door.name}</SelectItem>}
              </Select>
            ) : null}
            {doorId !== undefined && doors.data?.integration?.integration_type === 'sandbox' ? (
              <TapForm
                key={`${doorId}-${props.search.member_id ?? ''}`}
                doorId={doorId}
                member={
                  props.search.member_id !== undefined
                    ? { id: props.search.member_id, name: member.data?.name ?? 'the member' }
                    : null
                }
                onForget={() => set({ member_id: undefined })}
                onTapped={(result) =>
                  setTaps((earlier) => [{ n: (earlier[0]?.n ?? 0) + 1, result }, ...earlier])
                }
              />
            ) : null}
          </div>
        </Card>
        <TapLog taps={taps} />
      </div>
    </Page>
  )
}

/** This visit's taps, newest first (the Visits list keeps the rest). */
function TapLog(props: { taps: Array<{ n: number; result: TapResult }> }) {
  const tapped = props.taps
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">What the door did</h2>
      {tapped.length === 0 ? (
        <p className="mt-3 text-slate-600">Nothing tapped yet.</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-3" aria-label="Taps">
          {tapped.map((tap) => (
            <li key={tap.n}>
              <TapOutcome result={tap.result} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

function TapOutcome(props: { result: TapResult }) {
  const { result } = props
  const who = result.person?.name ?? 'An unknown card or code'
  return (
    <div
      className={`flex items-start gap-3 rounded-md border p-3 ${result.opened ? 'border-green-200 bg-green-50' : 'border-red-200 bg-red-50'}`}
    >
      {result.opened ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
      ) : (
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
      )}
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {result.opened ? `${result.door.name} opened` : `${result.door.name} stayed shut`}
          {' · '}
          {who}
        </p>
        {result.refused_reason ? <p className="text-slate-700">{result.refused_reason}</p> : null}
        <p className="text-slate-600 text-sm">
          {result.visit ? (
            <>
              {result.visit.successful ? 'Visit' : 'Refused visit'} listed at{' '}
              {formatTime(result.visit.visited_at)}
              {' · '}
              <Link to="/console/visits" search={{ gym_id: result.door.gym_id }} className={linkStyles()}>
                See visits
              </Link>
            </>
          ) : result.person ? (
            'Not counted as a visit: this door doesn’t count visits.'
          ) : (
            'Not counted as a visit: nobody we know.'
          )}
        </p>
      </div>
    </div>
  )
}

function TapForm(props: {
  doorId: number
  member: { id: number; name: string } | null
  onForget: () => void
  onTapped: (result: TapResult) => void
}) {
  const queryClient = useQueryClient()
  const tap = useServerFn(tapDoor)
  const [credential, setCredential] = useState('')
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)
  // A second press before the first has re-rendered sees the old `pending`: the ref sees it at once.
  const inFlight = useRef(false)
  // A reader reads a card held to it for a moment once: a press within a second of the last tap's is
  // the same tap, even when the first has already been answered (a quick server).
  const lastTapAt = useRef(0)

  async function submit() {
    if (inFlight.current || performance.now() - lastTapAt.current < sameTapMs) return
    setProblem(undefined)
    if (!props.member && credential.trim() === '') return setError('Type the card number or code to tap')
    // Longer than any card or code: the server function's check would refuse it before the API, and
    // that refusal reads as a lost connection.
    if (!props.member && credential.trim().length > tapCredentialMaxLength)
      return setError(tapCredentialTooLong)
    inFlight.current = true
    lastTapAt.current = performance.now()
    setPending(true)
    const result = await orConnectionLost(() =>
      tap({
        data: props.member
          ? { door_id: props.doorId, user_id: props.member.id }
          : { door_id: props.doorId, credential },
      }),
    ).finally(() => {
      inFlight.current = false
    })
    setPending(false)
    if (!result.ok) {
      if (result.errors.credential) return setError(result.errors.credential[0])
      return setProblem(result.message)
    }
    props.onTapped(result.data)
    await queryClient.invalidateQueries({ queryKey: ['visits'] })
    await queryClient.invalidateQueries({ queryKey: ['members', 'member'] })
  }

  return (
    <SubmitForm aria-label="Tap" className="flex flex-col gap-3" onSubmit={submit}>
      {props.member ? (
        <p className="text-slate-700">
          Tapping as <span className="font-medium text-slate-900">{props.member.name}</span>, with their own
          card or code. <TextButton onPress={props.onForget}>Type a code instead</TextButton>
        </p>
      ) : (
        <TextField
          label="Card number or code"
          description="A member’s code is on the Access tab of their page."
          value={credential}
          onChange={(value) => {
            setCredential(value)
            setError(undefined)
          }}
          errorMessage={error}
          autoComplete="off"
        />
      )}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div>
        <Button type="submit" isPending={pending}>
          Tap
        </Button>
      </div>
    </SubmitForm>
  )
}
