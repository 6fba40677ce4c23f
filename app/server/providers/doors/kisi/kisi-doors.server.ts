import type { SecretBox } from '~/server/secret-box.server'
import { type DoorAccount, type DoorProvider, DoorProviderError } from '../door-provider'
import { createKisiClient, type KisiClient, type KisiClientOptions } from './kisi-client.server'

/** Kisi's role that opens the group's doors (PROVIDERS.md §3: "access rights"). */
export const kisiMemberRole = 'group_basic'

interface KisiPlace {
  id: number
  name: string
}
interface KisiLock {
  id: number
  name: string
  place_id?: number
}
interface KisiGroup {
  id: number
  name: string
  place_id: number | null
}
interface KisiGroupLock {
  id: number
  group_id: number
  lock_id: number
}
interface KisiUser {
  id: number
  email: string
  name?: string | null
}
interface KisiRoleAssignment {
  id: number
  user_id: number
  role_id: string
  group_id: number | null
}
interface KisiCard {
  id: number
  token: string
  user_id: number | null
}
interface KisiLogin {
  id: number
  user_id?: number
}

export interface KisiDoorOptions extends Omit<KisiClientOptions, 'apiKey'> {
  /** `KISI_API_KEY`: used for an organisation that connected without a key of its own. */
  defaultApiKey?: string
  /** An organisation's own key is kept sealed on its integration, opened only here (ADR 043). */
  secrets: SecretBox
}

/**
 * The Kisi door system over its REST API (PROVIDERS.md §3, ADR 038), keeping the rules of
 * `DoorProvider` the sandbox keeps: grants and revokes idempotent, a user found by e-mail before one is
 * made, every failure thrown (as `DoorProviderError`) so the access sync retries the person later.
 *
 * The key: the organisation's own (`api_key`, given when connecting, kept on the integration) or, when
 * it gave none, the server's `KISI_API_KEY` — the integration then keeps `{ key: 'environment' }`
 * and never a copy of it. The organisation's own key is kept sealed (`secrets`), never as typed.
 */
export function createKisiDoorProvider(options: KisiDoorOptions): DoorProvider {
  const { defaultApiKey, secrets, ...clientOptions } = options
  const clientFor = (account: DoorAccount): KisiClient =>
    createKisiClient({ ...clientOptions, apiKey: keyOf(account, defaultApiKey, secrets) })

  async function assignments(client: KisiClient, userId: string, groupId?: string) {
    const rows = await client.list<KisiRoleAssignment>('/role_assignments', {
      user_id: userId,
      group_id: groupId,
    })
    return rows.filter(
      (row) =>
        row.role_id === kisiMemberRole &&
        row.group_id !== null &&
        String(row.user_id) === userId &&
        (groupId === undefined || String(row.group_id) === groupId),
    )
  }

  async function findUserByEmail(client: KisiClient, email: string) {
    const rows = await client.list<KisiUser>('/users', { query: email })
    return rows.find((user) => user.email.trim().toLowerCase() === email)
  }

  return {
    type: 'kisi',

    async connect({ credentials }) {
      // Connecting again without a new key gives back the kept one, sealed: it is opened, then sealed anew.
      const given = typeof credentials.api_key === 'string' ? secrets.open(credentials.api_key.trim()) : ''
      const account: DoorAccount = given ? { api_key: secrets.seal(given) } : { key: 'environment' }
      if (!given && !defaultApiKey) {
        throw new DoorProviderError(
          'invalid',
          'Enter the Kisi API key of your organisation (Kisi → My Account → API → Add API key).',
        )
      }
      // The key is checked by reading something only an administrator of the organisation can: its places.
      await clientFor(account).get<KisiPlace[]>('/places', { limit: 1 })
      return account
    },

    async listPlaces(account) {
      const rows = await clientFor(account).list<KisiPlace>('/places')
      return rows
        .map((place) => ({ id: String(place.id), name: place.name }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    },

    async listLocks(account, placeId) {
      const rows = await clientFor(account).list<KisiLock>('/locks', { place_id: placeId })
      return rows
        .filter((lock) => lock.place_id === undefined || String(lock.place_id) === placeId)
        .map((lock) => ({ id: String(lock.id), name: lock.name }))
        .sort((a, b) => Number(a.id) - Number(b.id))
    },

    async createPlaceGroup(account, { placeId, name }) {
      const client = clientFor(account)
      // A retried link (a timeout after Kisi made the group) finds the group it made, not a second one.
      const existing = (await client.list<KisiGroup>('/groups', { place_id: placeId, query: name })).find(
        (group) => group.name === name && String(group.place_id) === placeId,
      )
      const group =
        existing ??
        (await client.post<KisiGroup>('/groups', {
          group: { name, place_id: Number(placeId), description: 'Kept by Gymbase: members who may enter.' },
        }))
      const locks = await client.list<KisiLock>('/locks', { place_id: placeId })
      const listed = new Set(
        (await client.list<KisiGroupLock>('/group_locks', { group_id: group.id })).map((row) =>
          String(row.lock_id),
        ),
      )
      for (const lock of locks) {
        if (lock.place_id !== undefined && String(lock.place_id) !== placeId) continue
        if (listed.has(String(lock.id))) continue
        await client.post('/group_locks', { group_lock: { group_id: group.id, lock_id: lock.id } })
      }
      return String(group.id)
    },

    async findOrCreateUser(account, { email, name }) {
      const client = clientFor(account)
      const key = email.trim().toLowerCase()
      const found = await findUserByEmail(client, key)
      if (found) return String(found.id)
      try {
        // A managed user: Kisi sends them no e-mails, and they need no Kisi sign-up (PROVIDERS.md §3).
        const created = await client.post<KisiUser>('/users', {
          user: { email: key, name, confirm: true, send_emails: false },
        })
        return String(created.id)
      } catch (error) {
        // Made meanwhile (another sync, someone in Kisi's dashboard): Kisi refuses a second of one address.
        if (error instanceof DoorProviderError && error.reason === 'invalid') {
          const again = await findUserByEmail(client, key)
          if (again) return String(again.id)
        }
        throw error
      }
    },

    async listUserGroups(account, userId) {
      const rows = await assignments(clientFor(account), userId)
      return [...new Set(rows.map((row) => String(row.group_id)))].sort()
    },

    async grantAccess(account, { userId, groupId }) {
      const client = clientFor(account)
      if ((await assignments(client, userId, groupId)).length > 0) return
      try {
        await client.post('/role_assignments', {
          role_assignment: { user_id: Number(userId), role_id: kisiMemberRole, group_id: Number(groupId) },
        })
      } catch (error) {
        // "has already been taken": a grant that raced this one holds the assignment already.
        if (error instanceof DoorProviderError && error.reason === 'invalid') {
          if ((await assignments(client, userId, groupId)).length > 0) return
        }
        throw error
      }
    },

    async revokeAccess(account, { userId, groupId }) {
      const client = clientFor(account)
      for (const row of await assignments(client, userId, groupId)) {
        try {
          await client.delete(`/role_assignments/${row.id}`)
        } catch (error) {
          // Gone already: what was to be revoked is not there.
          if (!(error instanceof DoorProviderError && error.reason === 'not_found')) throw error
        }
      }
    },

    async findCredential(account, userId) {
      const cards = await clientFor(account).list<KisiCard>('/cards', { user_id: userId })
      const card = cards.find((row) => String(row.user_id) === userId && row.token)
      return card?.token ?? null
    },

    async recreateCredential(account, userId) {
      const client = clientFor(account)
      const user = await client.get<KisiUser>(`/users/${encodeURIComponent(userId)}`)
      // What opened for them stops at once: their cards are unassigned and their logins signed out.
      for (const card of await client.list<KisiCard>('/cards', { user_id: userId })) {
        if (String(card.user_id) !== userId) continue
        await ignoreGone(client.delete(`/cards/${card.id}`))
      }
      for (const login of await client.list<KisiLogin>('/logins', { user_id: userId })) {
        if (login.user_id !== undefined && String(login.user_id) !== userId) continue
        await ignoreGone(client.delete(`/logins/${login.id}`))
      }
      // A login made on the managed user's behalf: what their phone unlocks with (shown as a QR code).
      const login = await client.post<{ secret?: string }>('/logins', {
        login: { type: 'device', email: user.email, expire: false, device_brand: 'Gymbase', os_name: 'web' },
      })
      if (!login?.secret)
        throw new DoorProviderError('unavailable', 'Kisi made the login but answered no secret.')
      return login.secret
    },
  }
}

async function ignoreGone(call: Promise<void>) {
  try {
    await call
  } catch (error) {
    if (!(error instanceof DoorProviderError && error.reason === 'not_found')) throw error
  }
}

function keyOf(account: DoorAccount, defaultApiKey: string | undefined, secrets: SecretBox): string {
  if (typeof account.api_key === 'string' && account.api_key !== '') return secrets.open(account.api_key)
  if (account.key === 'environment' && defaultApiKey) return defaultApiKey
  throw new DoorProviderError(
    'unauthorised',
    'There is no Kisi API key for this organisation: connect Kisi again with the organisation owner’s API key.',
  )
}
