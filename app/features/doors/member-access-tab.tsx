import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { CircleCheck, CircleX, Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ConfirmDialog } from '~/components/ui/modal'
import { Spinner } from '~/components/ui/spinner'
import { toast } from '~/components/ui/toast'
import type { MemberDoorAccess } from '~/contracts/doors'
import { orConnectionLost } from '~/features/join/connection-lost'
import { formatDate } from '~/lib/dates'
import { recreateDoorLogin } from './doors.functions'
import { doorQueries } from './queries'

/**
 * The member's Access tab (issues 15 and 17, ADR 029): which gyms' doors they open now and why not,
 * whether the door system already holds that (a change reaches it within seconds), when it next changes
 * by itself, and what they tap — with a new code for a lost card.
 */
export function MemberAccessTab(props: { memberId: number; canManage: boolean }) {
  const access = useQuery(doorQueries.member(props.memberId))
  // A door code is for those who run the member's gym (ADR 032), the same who may change the member.
  const credential = useQuery({ ...doorQueries.credential(props.memberId), enabled: props.canManage })
  const queryClient = useQueryClient()
  const waiting = access.data?.waiting || access.data?.gyms.some((gym) => !gym.in_effect)
  // A change is with the door system within seconds: look again until it is.
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['doors', 'member', props.memberId] })
      void queryClient.invalidateQueries({ queryKey: ['doors', 'credential', props.memberId] })
    }, 1500)
    return () => clearTimeout(timer)
  }, [waiting, queryClient, props.memberId])

  if (access.isPending) return <Spinner aria-label="Loading door access" className="mt-4" />
  if (access.isError) {
    return (
      <Alert tone="error" className="mt-4">
        Door access could not be loaded. Reload the page to try again.
      </Alert>
    )
  }
  const data = access.data
  // Where to try: the member's own gym, else a gym whose doors they open, else their first.
  const tryAt =
    data.gyms.find((gym) => gym.id === data.member_gym_id) ??
    data.gyms.find((gym) => gym.may_open) ??
    data.gyms[0]
  if (!data.connected) {
    return (
      <Card className="mt-4">
        <p className="text-slate-700">
          No door system is connected yet. An organisation admin connects one on a gym’s page.
        </p>
      </Card>
    )
  }
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <Card>
        <h2 className="font-semibold text-slate-900">Doors</h2>
        <AccessSummary access={data} />
        {data.gyms.length === 0 ? (
          <p className="mt-3 text-slate-600">No gym is linked to a place of the door system yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-slate-200" aria-label="Gyms">
            {data.gyms.map((gym) => (
              <li key={gym.id} className="flex flex-col gap-1 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  {gym.may_open ? (
                    <CircleCheck aria-hidden="true" className="size-5 text-green-700" />
                  ) : (
                    <CircleX aria-hidden="true" className="size-5 text-red-700" />
                  )}
                  <span className="font-medium text-slate-900">{gym.name}</span>
                  <Badge tone={gym.may_open ? 'green' : 'red'}>{gym.may_open ? 'Opens' : 'Refused'}</Badge>
                  {gym.in_effect ? null : (
                    <span className="flex items-center gap-1 text-slate-600 text-sm">
                      <Clock aria-hidden="true" className="size-4" /> Updating the doors…
                    </span>
                  )}
                </span>
                <span className="ml-7 text-slate-600 text-sm">
                  {gym.doors.map((door) => door.name).join(', ') || 'No doors'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h2 className="font-semibold text-slate-900">Card or code</h2>
        {!props.canManage ? (
          <p className="mt-3 text-slate-600">Only those who run the member’s gym see their code.</p>
        ) : credential.isPending ? (
          <Spinner aria-label="Loading the code" className="mt-3" />
        ) : credential.data ? (
          <p className="mt-3">
            <span className="rounded-md bg-slate-100 px-3 py-1.5 font-mono text-lg text-slate-900 tracking-widest">
              {credential.data.credential}
            </span>
          </p>
        ) : (
          <p className="mt-3 text-slate-600">
            None yet: the door system gives one the first time their membership opens a door.
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          {tryAt ? (
            <Link
              to="/console/doors/tap"
              search={{ gym_id: tryAt.id, member_id: props.memberId }}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              Try a door as this member
            </Link>
          ) : null}
          {props.canManage ? (
            <NewCodeButton memberId={props.memberId} hasCode={Boolean(credential.data)} />
          ) : null}
        </div>
      </Card>
    </div>
  )
}

function AccessSummary(props: { access: MemberDoorAccess }) {
  const { access } = props
  const opens = access.gyms.some((gym) => gym.may_open)
  return (
    <div className="mt-2 flex flex-col gap-1">
      <p className={opens ? 'text-green-800' : 'font-medium text-red-800'}>
        {opens ? 'Opens the doors below.' : (access.refused_reason ?? 'No access at any door.')}
      </p>
      {access.next_change_on ? (
        <p className="text-slate-600 text-sm">
          {opens ? 'Changes' : 'Can change'} on {formatDate(access.next_change_on)} without anyone doing
          anything (a pause, a cancellation or a grace period taking effect).
        </p>
      ) : null}
    </div>
  )
}

function NewCodeButton(props: { memberId: number; hasCode: boolean }) {
  const queryClient = useQueryClient()
  const recreate = useServerFn(recreateDoorLogin)
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  async function confirm() {
    if (pending) return
    setPending(true)
    const result = await orConnectionLost(() => recreate({ data: { id: props.memberId } }))
    setPending(false)
    setOpen(false)
    if (!result.ok) return toast.error(result.message)
    await queryClient.invalidateQueries({ queryKey: ['doors'] })
    toast.success(`New code ${result.data.credential}: the old one no longer opens any door.`)
  }
  return (
    <>
      <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
        {props.hasCode ? 'New code' : 'Give a code'}
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={setOpen}
        title={props.hasCode ? 'Give a new code?' : 'Give a code?'}
        confirmLabel={props.hasCode ? 'Give a new code' : 'Give a code'}
        isPending={pending}
        onConfirm={() => void confirm()}
      >
        {props.hasCode
          ? 'The member’s current card or code stops opening doors at once. Use this for a lost card or a shared code.'
          : 'The member gets a code now; it opens doors only while their membership gives access.'}
      </ConfirmDialog>
    </>
  )
}
