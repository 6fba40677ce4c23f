import { HttpResponse, http } from 'msw'

/**
 * Kisi's REST API as PROVIDERS.md §3 documents it, kept in memory for the adapter's tests: places,
 * locks, groups and group_locks, users (found by `?query=`), role assignments, cards and logins;
 * `Authorization: KISI-LOGIN <key>` checked on every call (401 otherwise), JSON bodies wrapped in the
 * object's name (`{ user: {…} }`), lists paged by `limit`/`offset` with `X-Collection-Range`, 404 for
 * an unknown record, 422 with `{ errors: { field: [...] } }` for a duplicate. Faults are queued per
 * method and path (`fail`): a 429 with `Retry-After`, a 5xx, a hang past the client's timeout.
 */
export const kisiTestBase = 'https://kisi.test'

interface Place {
  id: number
  name: string
}
interface Lock {
  id: number
  name: string
  place_id: number
}
interface Group {
  id: number
  name: string
  place_id: number | null
  description?: string
}
interface GroupLock {
  id: number
  group_id: number
  lock_id: number
}
interface User {
  id: number
  email: string
  name: string
  confirmed: boolean
}
interface RoleAssignment {
  id: number
  user_id: number
  role_id: string
  group_id: number | null
}
interface Card {
  id: number
  token: string
  user_id: number | null
}
interface Login {
  id: number
  user_id: number
  type: string
  secret: string
}

export type KisiFault =
  | { status: 429; retryAfter?: string }
  | { status: 500 | 502 | 503 }
  | { status: 'hang' }
  | { status: 401 }

export interface KisiFake {
  handlers: ReturnType<typeof http.all>[]
  state: {
    places: Place[]
    locks: Lock[]
    groups: Group[]
    groupLocks: GroupLock[]
    users: User[]
    roleAssignments: RoleAssignment[]
    cards: Card[]
    logins: Login[]
  }
  /** The keys Kisi accepts; revoking one makes every call with it a 401. */
  keys: Set<string>
  /** Every call made, as `METHOD /path` (no query), in order. */
  calls: string[]
  /** The next call(s) matching `METHOD /path` (the path's pattern: `/role_assignments`) fail so. */
  fail(match: string, ...faults: KisiFault[]): void
  addPlace(name: string, lockNames?: readonly string[]): { place: Place; locks: Lock[] }
}

export function createKisiFake(options: { apiKey: string; base?: string }): KisiFake {
  const base = options.base ?? kisiTestBase
  let nextId = 1000
  const newId = () => {
    nextId += 1
    return nextId
  }
  const state: KisiFake['state'] = {
    places: [],
    locks: [],
    groups: [],
    groupLocks: [],
    users: [],
    roleAssignments: [],
    cards: [],
    logins: [],
  }
  const keys = new Set([options.apiKey])
  const calls: string[] = []
  const faults = new Map<string, KisiFault[]>()

  const list = <T>(request: Request, rows: T[]) => {
    const url = new URL(request.url)
    const limit = Number(url.searchParams.get('limit') ?? '10')
    const offset = Number(url.searchParams.get('offset') ?? '0')
    const page = rows.slice(offset, offset + limit)
    const end = page.length === 0 ? offset : offset + page.length - 1
    return HttpResponse.json(page, { headers: { 'X-Collection-Range': `${offset}-${end}/${rows.length}` } })
  }
  const notFound = () => HttpResponse.json({ error: 'Not found' }, { status: 404 })
  const invalid = (field: string, message: string) =>
    HttpResponse.json({ errors: { [field]: [message] } }, { status: 422 })
  const param = (request: Request, name: string) => new URL(request.url).searchParams.get(name)
  const body = async (request: Request) => (await request.json()) as Record<string, Record<string, unknown>>

  const routes: Record<string, (request: Request, id: number) => Promise<Response> | Response> = {
    'GET /places': (request) => list(request, state.places),
    'GET /locks': (request) => {
      const place = param(request, 'place_id')
      return list(
        request,
        state.locks.filter((lock) => place === null || String(lock.place_id) === place),
      )
    },
    'GET /groups': (request) => {
      const place = param(request, 'place_id')
      const query = param(request, 'query')?.toLowerCase()
      return list(
        request,
        state.groups.filter(
          (group) =>
            (place === null || String(group.place_id) === place) &&
            (!query || group.name.toLowerCase().includes(query)),
        ),
      )
    },
    'POST /groups': async (request) => {
      const { group } = await body(request)
      if (!group?.name) return invalid('name', "can't be blank")
      const placeId = group.place_id === undefined ? null : Number(group.place_id)
      if (placeId !== null && !state.places.some((place) => place.id === placeId)) return notFound()
      const created: Group = { id: newId(), name: String(group.name), place_id: placeId }
      state.groups.push(created)
      return HttpResponse.json(created)
    },
    'GET /group_locks': (request) => {
      const group = param(request, 'group_id')
      return list(
        request,
        state.groupLocks.filter((row) => group === null || String(row.group_id) === group),
      )
    },
    'POST /group_locks': async (request) => {
      const { group_lock: input } = await body(request)
      const groupId = Number(input?.group_id)
      const lockId = Number(input?.lock_id)
      if (!state.groups.some((g) => g.id === groupId) || !state.locks.some((l) => l.id === lockId))
        return notFound()
      if (state.groupLocks.some((row) => row.group_id === groupId && row.lock_id === lockId))
        return invalid('lock_id', 'has already been taken')
      const created = { id: newId(), group_id: groupId, lock_id: lockId }
      state.groupLocks.push(created)
      return HttpResponse.json(created)
    },
    'GET /users': (request) => {
      const query = param(request, 'query')?.toLowerCase()
      return list(
        request,
        state.users.filter(
          (user) =>
            !query || user.email.toLowerCase().includes(query) || user.name.toLowerCase().includes(query),
        ),
      )
    },
    'GET /users/:id': (_request, id) => {
      const user = state.users.find((row) => row.id === id)
      return user ? HttpResponse.json(user) : notFound()
    },
    'POST /users': async (request) => {
      const { user } = await body(request)
      const email = String(user?.email ?? '').toLowerCase()
      if (!email.includes('@')) return invalid('email', 'is invalid')
      if (state.users.some((row) => row.email === email)) return invalid('email', 'has already been taken')
      const created = {
        id: newId(),
        email,
        name: String(user?.name ?? email),
        confirmed: Boolean(user?.confirm),
      }
      state.users.push(created)
      return HttpResponse.json(created)
    },
    'GET /role_assignments': (request) => {
      const user = param(request, 'user_id')
      const group = param(request, 'group_id')
      return list(
        request,
        state.roleAssignments.filter(
          (row) =>
            (user === null || String(row.user_id) === user) &&
            (group === null || String(row.group_id) === group),
        ),
      )
    },
    'POST /role_assignments': async (request) => {
      const { role_assignment: input } = await body(request)
      const userId = Number(input?.user_id)
      const groupId = Number(input?.group_id)
      if (!state.users.some((u) => u.id === userId)) return invalid('user', 'must exist')
      if (!state.groups.some((g) => g.id === groupId)) return invalid('group', 'must exist')
      const roleId = String(input?.role_id)
      if (
        state.roleAssignments.some(
          (row) => row.user_id === userId && row.group_id === groupId && row.role_id === roleId,
        )
      )
        return invalid('user_id', 'has already been taken')
      const created = { id: newId(), user_id: userId, role_id: roleId, group_id: groupId }
      state.roleAssignments.push(created)
      return HttpResponse.json(created)
    },
    'DELETE /role_assignments/:id': (_request, id) => remove(state.roleAssignments, id),
    'GET /cards': (request) => {
      const user = param(request, 'user_id')
      return list(
        request,
        state.cards.filter((card) => user === null || String(card.user_id) === user),
      )
    },
    'DELETE /cards/:id': (_request, id) => remove(state.cards, id),
    'GET /logins': (request) => {
      const user = param(request, 'user_id')
      // Kisi shows a login's secret once, when it is made: a list never carries it.
      return list(
        request,
        state.logins
          .filter((login) => user === null || String(login.user_id) === user)
          .map(({ secret: _secret, ...login }) => login),
      )
    },
    'DELETE /logins/:id': (_request, id) => remove(state.logins, id),
    'POST /logins': async (request) => {
      const { login } = await body(request)
      const user = state.users.find((row) => row.email === String(login?.email ?? '').toLowerCase())
      if (!user) return invalid('email', 'is not a user of this organization')
      const created = {
        id: newId(),
        user_id: user.id,
        type: String(login?.type ?? 'device'),
        secret: `kisi_secret_${newId()}${Math.random().toString(36).slice(2, 10)}`,
      }
      state.logins.push(created)
      return HttpResponse.json({ id: created.id, type: created.type, user, secret: created.secret })
    },
  }

  function remove<T extends { id: number }>(rows: T[], id: number) {
    const index = rows.findIndex((row) => row.id === id)
    if (index < 0) return notFound()
    rows.splice(index, 1)
    return new HttpResponse(null, { status: 204 })
  }

  const handler = http.all(`${base}/*`, async ({ request }) => {
    const url = new URL(request.url)
    const segments = url.pathname.split('/').filter(Boolean)
    const id = segments.length === 2 ? Number(segments[1]) : Number.NaN
    const pattern = Number.isNaN(id) ? `/${segments.join('/')}` : `/${segments[0]}/:id`
    const key = `${request.method} ${pattern}`
    calls.push(`${request.method} ${url.pathname}`)
    const queued = faults.get(key)
    const fault = queued?.shift()
    if (fault) {
      if (fault.status === 'hang') {
        // Never answers; the client's timeout ends it (its AbortSignal cancels this wait).
        await new Promise<void>((resolve) => {
          request.signal.addEventListener('abort', () => resolve())
          setTimeout(resolve, 60_000)
        })
        return HttpResponse.error()
      }
      if (fault.status === 429) {
        return HttpResponse.json(
          { error: 'Rate limit exceeded' },
          { status: 429, headers: fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter } },
        )
      }
      if (fault.status === 401) return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 })
      return HttpResponse.json({ error: 'Internal server error' }, { status: fault.status })
    }
    const authorization = request.headers.get('Authorization') ?? ''
    const match = authorization.match(/^KISI-LOGIN (.+)$/)
    if (!match || !keys.has(match[1] as string)) {
      return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 })
    }
    if (request.headers.get('Accept') !== 'application/json') {
      return HttpResponse.json({ error: 'Not acceptable' }, { status: 406 })
    }
    const route = routes[key]
    if (!route) return notFound()
    return route(request, id)
  })

  return {
    handlers: [handler],
    state,
    keys,
    calls,
    fail(match, ...queue) {
      faults.set(match, [...(faults.get(match) ?? []), ...queue])
    },
    addPlace(name, lockNames = ['Front door', 'Changing rooms']) {
      const place = { id: newId(), name }
      state.places.push(place)
      const locks = lockNames.map((lockName) => ({ id: newId(), name: lockName, place_id: place.id }))
      state.locks.push(...locks)
      return { place, locks }
    },
  }
}
