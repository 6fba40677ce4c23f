/**
 * The core of `npm run doors:tap` (scripts/doors-tap.ts): tap a member's credential at one of the
 * demo's sandbox doors, or list the doors and who may open them, through the console's own API — the
 * same calls the console's tap page makes, signed in as a staff member. Going through the running
 * server is what makes it work next to `npm start`: the embedded database (PGlite) is single-process,
 * and a second process must never open the folder the server uses.
 *
 * Plain functions over a `ConsoleApi` (fetch-like), so the tests drive them against the real API.
 */

import { sessionUserSchema } from '~/contracts/auth'
import {
  doorCredentialSchema,
  gymDoorsSchema,
  memberDoorAccessSchema,
  tapResultSchema,
} from '~/contracts/doors'
import { gymSchema } from '~/contracts/gyms'
import { memberRowSchema } from '~/contracts/members'
import { staffMemberSchema } from '~/contracts/staff'
import { NOT_TWO_FACTOR_AUTHENTICATED } from '~/lib/errors'
import { z } from '~/lib/validation'

/** Something wrong the person at the terminal can act on, in words. */
export class DoorsTapError extends Error {}

export interface ConsoleApi {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response>
}

/** Cookies kept between calls (and, by the script, between runs: the session and the trusted browser). */
export interface CookieJar {
  cookies: Record<string, string>
}

/**
 * The console API at `baseUrl` as a browser on the console site calls it: JSON, `X-Requested-With`, the
 * console's Origin (the API refuses calls from anywhere else), and the jar's cookies.
 */
export function createConsoleApi(options: {
  baseUrl: string
  origin: string
  jar: CookieJar
  fetch?: (request: Request) => Promise<Response> | Response
}): ConsoleApi {
  const send = options.fetch ?? ((request: Request) => fetch(request))
  return {
    async request(method, path, body) {
      const headers = new Headers({
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        Origin: options.origin,
      })
      const cookies = Object.entries(options.jar.cookies)
      if (cookies.length > 0)
        headers.set('Cookie', cookies.map(([name, value]) => `${name}=${value}`).join('; '))
      if (body !== undefined) headers.set('Content-Type', 'application/json')
      const response = await send(
        new Request(`${options.baseUrl}/api${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim())
        const separator = pair.indexOf('=')
        const name = pair.slice(0, separator)
        const value = pair.slice(separator + 1)
        if (!name) continue
        const expired = value === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute))
        if (expired) delete options.jar.cookies[name]
        else options.jar.cookies[name] = value
      }
      return response
    },
  }
}

const messageSchema = z.object({ message: z.string(), error: z.string().optional() })

async function readData<S extends z.ZodType>(
  response: Response,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  const text = await response.text()
  if (!response.ok) {
    let message = text.slice(0, 300)
    try {
      message = messageSchema.parse(JSON.parse(text)).message
    } catch {}
    throw new DoorsTapError(`${what}: ${message} (HTTP ${response.status})`)
  }
  const { data } = z.object({ data: z.unknown() }).parse(JSON.parse(text))
  return schema.parse(data)
}

/**
 * Signs the API's browser in as a staff member: the session in the jar is used if it is still good;
 * otherwise e-mail and password, then the e-mailed code (`readCode`), remembering the browser so the
 * next run needs no code.
 */
export async function signInToConsole(
  api: ConsoleApi,
  options: { email: string; password: string; readCode: (email: string, since: Date) => Promise<string> },
) {
  const me = await api.request('GET', '/me')
  if (me.ok) {
    const user = await readData(me, sessionUserSchema, 'Reading who is signed in')
    if (user.email.toLowerCase() === options.email.toLowerCase() && user.current_organisation) return user
  }
  const since = new Date(Date.now() - 1000)
  const login = await api.request('POST', '/login', { email: options.email, password: options.password })
  if (login.ok) return readData(login, sessionUserSchema, 'Signing in')
  const refusal = await login.json().catch(() => null)
  const parsed = messageSchema.safeParse(refusal)
  if (login.status !== 400 || !parsed.success || parsed.data.error !== NOT_TWO_FACTOR_AUTHENTICATED) {
    const words = parsed.success ? parsed.data.message : `HTTP ${login.status}`
    throw new DoorsTapError(`Signing in as ${options.email} was refused: ${words}`)
  }
  const code = await options.readCode(options.email, since)
  const verified = await api.request('POST', '/email/verify', { code, remember: true })
  return readData(verified, sessionUserSchema, `Entering the code e-mailed to ${options.email}`)
}

export type DoorsTapCommand =
  | {
      kind: 'tap'
      gym: string
      /** A door's name (or the start of it); default the gym's first door that counts visits. */
      door?: string
      /** Whose credential is tapped… */
      email?: string
      /** …or a card or code typed in. */
      credential?: string
    }
  | { kind: 'list' }

const dateTime = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  dateStyle: 'medium',
  timeStyle: 'short',
})

type Gym = z.infer<typeof gymSchema>
type GymDoors = z.infer<typeof gymDoorsSchema>

async function findGyms(api: ConsoleApi): Promise<Gym[]> {
  return readData(await api.request('GET', '/gyms'), z.array(gymSchema), 'Listing the gyms')
}

function chooseByName<T extends { name: string }>(items: readonly T[], wanted: string): T | undefined {
  const key = wanted.trim().toLowerCase()
  return (
    items.find((item) => item.name.toLowerCase() === key) ??
    items.find((item) => item.name.toLowerCase().startsWith(key)) ??
    items.find((item) => item.name.toLowerCase().includes(key))
  )
}

async function findGymDoors(api: ConsoleApi, gym: Gym): Promise<GymDoors> {
  return readData(
    await api.request('GET', `/gyms/${gym.id}/access-control`),
    gymDoorsSchema,
    `Reading ${gym.name}’s doors`,
  )
}

/** A person of the organisation by e-mail: a member (the members list) or a staff member. */
async function findPerson(api: ConsoleApi, organisationId: number, email: string) {
  const key = email.trim().toLowerCase()
  const search = new URLSearchParams({ search: key, per_page: '10' })
  const members = await readData(
    await api.request('GET', `/members?${search}`),
    z.array(memberRowSchema),
    'Finding the member',
  )
  const member = members.find((row) => row.email.toLowerCase() === key)
  if (member) return { id: member.id, name: member.name, email: member.email, isStaff: false }
  const staff = await readData(
    await api.request('GET', `/organisations/${organisationId}/staff?${search}`),
    z.array(staffMemberSchema),
    'Finding the staff member',
  )
  const found = staff.find((row) => row.email.toLowerCase() === key)
  if (found) return { id: found.id, name: found.name, email: found.email, isStaff: true }
  throw new DoorsTapError(`Nobody with the e-mail ${email} in this organisation.`)
}

/** Runs one command; answers the lines to print. Throws `DoorsTapError` for what the user can fix. */
export async function runDoorsTap(api: ConsoleApi, command: DoorsTapCommand): Promise<string[]> {
  const me = await readData(await api.request('GET', '/me'), sessionUserSchema, 'Reading who is signed in')
  const organisation = me.current_organisation
  if (!organisation) throw new DoorsTapError(`${me.email} is not staff of an organisation.`)
  const lines =
    command.kind === 'list' ? await listDoors(api, organisation.id) : await tap(api, organisation.id, command)
  const health = healthSchema.safeParse(await (await api.request('GET', '/health')).json().catch(() => null))
  if (health.success && health.data.demo_history === 'in_progress') {
    lines.push(
      '',
      'Note: the demo’s year of history is still being made (a minute or so after a first start). Until it is',
      'done, members’ payments are not all in and only staff open doors; try again when it has finished.',
    )
  }
  return lines
}

const healthSchema = z.object({ demo_history: z.enum(['none', 'in_progress', 'complete']) })

async function tap(
  api: ConsoleApi,
  organisationId: number,
  command: Extract<DoorsTapCommand, { kind: 'tap' }>,
): Promise<string[]> {
  if (!command.email === !command.credential) {
    throw new DoorsTapError('Say who taps: --email of a member or staff member, or --credential with a code.')
  }
  const gyms = await findGyms(api)
  const gym = chooseByName(gyms, command.gym)
  if (!gym) {
    throw new DoorsTapError(
      `No gym called “${command.gym}”. The gyms: ${gyms.map((candidate) => candidate.name).join(', ')}.`,
    )
  }
  const doors = await findGymDoors(api, gym)
  if (!doors.integration)
    throw new DoorsTapError('No door system is connected: connect one on the Gyms page.')
  if (!doors.place || doors.doors.length === 0) {
    throw new DoorsTapError(
      `${gym.name} is not linked to a place of the door system yet, so it has no doors.`,
    )
  }
  const door = command.door
    ? chooseByName(doors.doors, command.door)
    : (doors.doors.find((candidate) => candidate.tracks_visits) ?? doors.doors[0])
  if (!door) {
    throw new DoorsTapError(
      `${gym.name} has no door called “${command.door}”. Its doors: ${doors.doors.map((d) => d.name).join(', ')}.`,
    )
  }
  const person = command.email ? await findPerson(api, organisationId, command.email) : null
  const result = await readData(
    await api.request('POST', '/access-control/taps', {
      door_id: door.id,
      ...(person ? { user_id: person.id } : { credential: command.credential }),
    }),
    tapResultSchema,
    'Tapping',
  )
  const who = result.person ? `${result.person.name}${person ? ` (${person.email})` : ''}` : 'Nobody we know'
  // Tapped by e-mail at a door that counts visits, and no visit: they hold no credential to tap.
  const noLogin = person !== null && door.tracks_visits && result.visit === null
  const what = noLogin
    ? 'came to the door (no credential to tap)'
    : person
      ? 'tapped their credential'
      : `tapped the code ${command.credential}`
  const lines = [`${gym.name} · ${door.name}: ${who} ${what}.`]
  lines.push(
    result.opened ? 'The door OPENED.' : `The door REFUSED: ${result.refused_reason ?? 'no reason given'}.`,
  )
  if (result.visit) {
    const when = dateTime.format(new Date(result.visit.visited_at))
    lines.push(
      result.visit.successful
        ? `Visit #${result.visit.id} recorded at ${when}: successful.`
        : `Visit #${result.visit.id} recorded at ${when}: refused (${result.visit.refused_reason ?? 'no reason'}).`,
    )
  } else if (person && noLogin) {
    lines.push(
      `No visit recorded: ${person.name} has never been given a door login, so there was no credential to tap.`,
    )
  } else if (!door.tracks_visits) {
    lines.push(`No visit recorded: “${door.name}” does not count visits.`)
  } else {
    lines.push('No visit recorded: the credential belongs to nobody in this organisation.')
  }
  return lines
}

/** Member states the list shows one member of each, so every kind of answer is there to try. */
const listedStates = ['active', 'paused', 'in_grace_period', 'cancelled', 'upcoming'] as const

async function listDoors(api: ConsoleApi, organisationId: number): Promise<string[]> {
  const lines: string[] = []
  const gyms = await findGyms(api)
  let connected = false
  lines.push('Doors')
  for (const gym of gyms) {
    const doors = await findGymDoors(api, gym)
    connected ||= doors.integration !== null
    if (!doors.place) {
      lines.push(`  ${gym.name}: not linked to a place of the door system`)
      continue
    }
    const names = doors.doors.map((door) => `${door.name}${door.tracks_visits ? ' (counts visits)' : ''}`)
    lines.push(`  ${gym.name}: ${names.join(', ')}`)
  }
  if (!connected) return ['No door system is connected: connect one on the Gyms page.']

  lines.push('', 'Members (one of each state; credential, and whether they may open now)')
  const members: z.infer<typeof memberRowSchema>[] = []
  for (const state of listedStates) {
    const query = new URLSearchParams({ state, per_page: '1', sort: 'name' })
    const [member] = await readData(
      await api.request('GET', `/members?${query}`),
      z.array(memberRowSchema),
      'Listing members',
    )
    if (member && !members.some((listed) => listed.id === member.id)) members.push(member)
  }
  const demoMember = await readData(
    await api.request('GET', `/members?${new URLSearchParams({ search: 'member@demo.gymbase.nz' })}`),
    z.array(memberRowSchema),
    'Finding the demo member',
  )
  for (const member of demoMember)
    if (!members.some((listed) => listed.id === member.id)) members.unshift(member)
  for (const member of members) {
    const [access, credential] = await Promise.all([
      api
        .request('GET', `/members/${member.id}/access-control`)
        .then((response) => readData(response, memberDoorAccessSchema, `Reading ${member.name}’s access`)),
      api
        .request('GET', `/members/${member.id}/access-control-credentials`)
        .then((response) =>
          readData(response, doorCredentialSchema.nullable(), `Reading ${member.name}’s credential`),
        ),
    ])
    const opens = access.gyms.filter((gym) => gym.may_open).map((gym) => gym.name)
    const answer = opens.length > 0 ? `may open ${opens.join(', ')}` : `refused: ${access.refused_reason}`
    lines.push(
      `  ${member.name} <${member.email}> [${member.state}] ${credential ? `code ${credential.credential}` : 'no credential yet'}; ${answer}`,
    )
  }

  lines.push('', 'Staff (door access is turned on per staff member; tap with --email)')
  const staff = await readData(
    await api.request('GET', `/organisations/${organisationId}/staff?per_page=10`),
    z.array(staffMemberSchema),
    'Listing the staff',
  )
  for (const person of staff) {
    lines.push(`  ${person.name} <${person.email}>: door access ${person.access_enabled ? 'on' : 'off'}`)
  }
  lines.push(
    '',
    'Try: npm run doors:tap -- --email member@demo.gymbase.nz --gym Ponsonby',
    '     npm run doors:tap -- --credential <code> --gym Newmarket --door "Changing rooms"',
  )
  return lines
}
