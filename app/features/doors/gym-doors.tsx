import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { DoorOpen } from 'lucide-react'
import { useState } from 'react'
import { SubmitForm } from '~/components/form/submit-form'
import { Alert } from '~/components/ui/alert'
import { Button, buttonStyles } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Select, SelectItem } from '~/components/ui/select'
import { Spinner } from '~/components/ui/spinner'
import { Switch } from '~/components/ui/switch'
import { toast } from '~/components/ui/toast'
import { doorSystemTypeWords, type GymDoor, type GymDoors } from '~/contracts/doors'
import { orConnectionLost } from '~/features/join/connection-lost'
import { connectDoors, linkPlace, openSandboxPlace, setTracksVisits } from './doors.functions'
import { doorQueries } from './queries'

/**
 * The gym's doors (issue 17, ADR 029): connect the organisation's door system, link the gym to one of
 * its places, and choose which doors count a member's entry as a visit. Organisation admins only, as
 * the rest of the gym page.
 */
export function GymDoorsCard(props: { gymId: number; gymName: string; organisationId: number }) {
  const doors = useQuery(doorQueries.gym(props.gymId))
  return (
    <Card className="md:col-span-2">
      <h2 className="font-semibold text-slate-900">Doors</h2>
      <div className="mt-3">
        {doors.isPending ? (
          <Spinner aria-label="Loading the doors" />
        ) : doors.isError ? (
          <Alert tone="error">The doors could not be loaded. Reload the page to try again.</Alert>
        ) : (
          <GymDoorsBody {...props} doors={doors.data} />
        )}
      </div>
    </Card>
  )
}

function GymDoorsBody(props: { gymId: number; gymName: string; organisationId: number; doors: GymDoors }) {
  const { doors } = props
  if (!doors.integration)
    return <ConnectDoorSystem gymId={props.gymId} organisationId={props.organisationId} />
  const refused = doors.integration.error ? (
    <Alert tone="error">
      The {doorSystemTypeWords[doors.integration.integration_type]} is refusing Gymbase, so doors don’t follow
      memberships until it is fixed: {doors.integration.error}
    </Alert>
  ) : null
  if (!doors.place)
    return (
      <div className="flex flex-col gap-4">
        {refused}
        <LinkPlace {...props} />
      </div>
    )
  return (
    <div className="flex flex-col gap-4">
      {refused}
      <p className="text-slate-700">
        Linked to <span className="font-medium text-slate-900">{doors.place.name}</span> in the{' '}
        {doorSystemTypeWords[doors.integration.integration_type].toLowerCase()}. Members open these doors
        while their membership is paid and not paused; staff with door access open them too.
      </p>
      {doors.doors.length === 0 ? (
        <p className="text-slate-600">This place has no doors yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
          {doors.doors.map((door) => (
            <li
              key={door.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <DoorOpen aria-hidden="true" className="size-5 text-slate-500" />
                {door.name}
              </span>
              <TracksVisitsSwitch gymId={props.gymId} door={door} />
            </li>
          ))}
        </ul>
      )}
      {doors.integration.integration_type === 'sandbox' ? (
        <div>
          <Link
            to="/console/doors/tap"
            search={{ gym_id: props.gymId }}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            Try a door
          </Link>
        </div>
      ) : null}
    </div>
  )
}

function TracksVisitsSwitch(props: { gymId: number; door: GymDoor }) {
  const queryClient = useQueryClient()
  const save = useServerFn(setTracksVisits)
  const [pending, setPending] = useState(false)
  async function change(on: boolean) {
    setPending(true)
    const result = await orConnectionLost(() =>
      save({ data: { id: props.gymId, door_id: props.door.id, tracks_visits: on } }),
    )
    setPending(false)
    if (!result.ok) return toast.error(result.message)
    await queryClient.invalidateQueries({ queryKey: doorQueries.gym(props.gymId).queryKey })
    toast.success(
      on ? `${props.door.name} now counts visits.` : `${props.door.name} no longer counts visits.`,
    )
  }
  return (
    <Switch isSelected={props.door.tracks_visits} isDisabled={pending} onChange={(on) => void change(on)}>
      Counts visits
    </Switch>
  )
}

function ConnectDoorSystem(props: { gymId: number; organisationId: number }) {
  const queryClient = useQueryClient()
  const connect = useServerFn(connectDoors)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()
  async function press() {
    if (pending) return
    setPending(true)
    setProblem(undefined)
    const result = await orConnectionLost(() =>
      connect({ data: { organisationId: props.organisationId, request: { integration_type: 'sandbox' } } }),
    )
    setPending(false)
    if (!result.ok) return setProblem(result.message)
    await queryClient.invalidateQueries({ queryKey: doorQueries.all })
    toast.success('The sandbox door system is connected: link this gym to its place.')
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        No door system is connected. The sandbox door system works like Kisi without keys: a place for each
        gym, with a front door and changing rooms, so you can try door access before the real doors are
        connected.
      </p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div>
        <Button size="sm" onPress={() => void press()} isPending={pending}>
          Connect the sandbox door system
        </Button>
      </div>
    </div>
  )
}

function LinkPlace(props: { gymId: number; gymName: string; organisationId: number; doors: GymDoors }) {
  const queryClient = useQueryClient()
  const link = useServerFn(linkPlace)
  const open = useServerFn(openSandboxPlace)
  const places = props.doors.available_places
  const sandbox = props.doors.integration?.integration_type === 'sandbox'
  const [placeId, setPlaceId] = useState<string | null>(places[0]?.id ?? null)
  const [pending, setPending] = useState<'link' | 'open' | null>(null)
  const [problem, setProblem] = useState<string>()

  async function linkTo(id: string) {
    const result = await orConnectionLost(() =>
      link({ data: { id: props.gymId, request: { place_id: id } } }),
    )
    if (!result.ok) return setProblem(result.errors.place_id?.[0] ?? result.message)
    await queryClient.invalidateQueries({ queryKey: doorQueries.all })
    toast.success(
      `Linked to ${result.data.place?.name ?? 'the place'}: members with access can open its doors.`,
    )
  }
  async function press() {
    if (pending || placeId === null) return
    setPending('link')
    setProblem(undefined)
    await linkTo(placeId)
    setPending(null)
  }
  async function openPlace() {
    if (pending) return
    setPending('open')
    setProblem(undefined)
    const opened = await orConnectionLost(() =>
      open({ data: { organisationId: props.organisationId, name: props.gymName } }),
    )
    if (opened.ok) await linkTo(opened.data.id)
    else setProblem(opened.message)
    setPending(null)
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        This gym isn’t linked to a place of the door system yet: link it, and its doors open for members with
        access.
      </p>
      {places.length > 0 ? (
        <SubmitForm
          aria-label="Link a place"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={press}
        >
          <Select
            label="The door system’s place for this gym"
            className="sm:max-w-xs"
            selectedKey={placeId}
            onSelectionChange={(key) => setPlaceId(key === null ? null : String(key))}
            items={places}
          >
            {(place) => <SelectItem id={place.id}>{place.name}</SelectItem>}
          </Select>
          <Button type="submit" size="sm" isPending={pending === 'link'}>
            Link place
          </Button>
        </SubmitForm>
      ) : (
        <p className="text-slate-600">Every place of the door system is linked to another gym.</p>
      )}
      {sandbox ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => void openPlace()}
            isPending={pending === 'open'}
          >
            Add a sandbox place for {props.gymName}
          </Button>
        </div>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  )
}
