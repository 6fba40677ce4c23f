import { eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  doorCredentialSchema,
  doorPlaceSchema,
  doorSystemSchema,
  gymDoorsSchema,
  memberDoorAccessSchema,
} from '~/contracts/doors'
import type { Db } from '~/db/client.server'
import { accessControlIntegrations, doorAccessMembers, doorAccessOutbox } from '~/db/schema'
import { z } from '~/lib/validation'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { kisiKeyRefusedMessage } from '~/server/providers/doors/kisi/kisi-client.server'
import { createKisiDoorProvider } from '~/server/providers/doors/kisi/kisi-doors.server'
import { createSandboxDoorProvider } from '~/server/providers/doors/sandbox-doors.server'
import { readProviderConfig } from '~/server/providers/provider-config.server'
import { createSecretBox } from '~/server/secret-box.server'
import { processDueDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { createTestMembershipOnNewPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { TEST_DATA_KEY } from '../../mocks/data-key'
import { createKisiFake, kisiTestBase } from '../../mocks/kisi/kisi-handlers'
import { readData, readErrors } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-03-10T01:00:00Z')
const orgKey = 'kisi_org_key_0123456789abcdef'
let kisi = createKisiFake({ apiKey: orgKey })
const server = setupServer(...kisi.handlers)
const sleeps: number[] = []

/** The Kisi adapter as the server builds it, against the fake, with the clock's waits recorded. */
const kisiProviders = (db: Db): DoorProviders => ({
  sandbox: createSandboxDoorProvider({ db }),
  kisi: createKisiDoorProvider({
    apiBase: kisiTestBase,
    secrets: createSecretBox(TEST_DATA_KEY),
    timeoutMs: 200,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  }),
})

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

describe('the door adapters this build offers', () => {
  it('offers Kisi only when its keys are set, and calls it for nothing while building', () => {
    const db = {} as Db
    const sandboxOnly = createDoorProviders({ db, config: readProviderConfig({}) })
    expect(Object.keys(sandboxOnly)).toEqual(['sandbox'])
    const calls = kisi.calls.length
    const withKisi = createDoorProviders({
      db,
      config: readProviderConfig({
        KISI_API_KEY: 'server_key_0123456789abcdef',
        KISI_WEBHOOK_SECRET: 'whsec_kisi_0123456789abcdef',
        KISI_API_BASE: kisiTestBase,
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
      }),
    })
    expect(Object.keys(withKisi).sort()).toEqual(['kisi', 'sandbox'])
    expect(withKisi.kisi?.type).toBe('kisi')
    expect(kisi.calls.length).toBe(calls)
  })
})

/**
 * Kisi behind the door interface (issue 26, point 4): connecting checks the key, a linked gym gets a
 * group opening its place's locks, the real access sync grants and revokes a member's `group_basic`
 * role assignment, a 429 is waited out, a revoked key is the integration's error in words, and the
 * credential endpoints answer through the interface.
 */
describeEachDatabase('Kisi door system', (database) => {
  const api = createTestApi(database, { now: () => now, doors: kisiProviders })
  let org: TestOrganisation
  let owner: TestBrowser
  let memberId: number
  let subscriptionId: number
  // A fake of its own for each database's run: Kisi's state must not carry over from the other.
  let albany!: ReturnType<typeof kisi.addPlace>
  beforeAll(() => {
    kisi = createKisiFake({ apiKey: orgKey })
    server.resetHandlers(...kisi.handlers)
    albany = kisi.addPlace('Albany', ['Front door', 'Changing rooms'])
    kisi.addPlace('Somewhere else', ['Side door'])
  })
  const sync = (at: Date) =>
    processDueDoorAccess({ db: database.db, providers: kisiProviders(database.db), now: at })

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({ db, now, name: 'Kisi Gym', gymNames: ['Albany', 'Botany'] })
    owner = await signInStaff({ database, api, now, organisation: org, admin: true })
    const membership = await createTestMembershipOnNewPrice({
      db,
      organisation: org,
      startDate: '2026-03-03',
      now,
    })
    memberId = membership.member.id
    subscriptionId = membership.subscription.id
  })

  const organisationPath = (path: string) => `/organisations/${org.organisation.id}/access-control${path}`

  it('checks the key when connecting: a refused one is said against the field, a good one kept', async () => {
    expect(
      await readErrors(
        await owner.post(organisationPath('/integration'), {
          integration_type: 'kisi',
          api_key: 'not_a_key_of_this_organisation',
        }),
      ),
    ).toEqual({ api_key: [kisiKeyRefusedMessage] })
    // Without a key of its own, and none on the server, the admin is asked for one.
    const missing = await readErrors(
      await owner.post(organisationPath('/integration'), { integration_type: 'kisi' }),
    )
    expect(missing.api_key?.[0]).toMatch(/Enter the Kisi API key/)

    const connected = await readData(
      await owner.post(organisationPath('/integration'), { integration_type: 'kisi', api_key: orgKey }),
      doorSystemSchema,
    )
    expect(connected).toMatchObject({ integration_type: 'kisi', error: null })
    const [row] = await database.db
      .select()
      .from(accessControlIntegrations)
      .where(eq(accessControlIntegrations.organisationId, org.organisation.id))
    // The organisation's key is kept sealed (ADR 043), and opens to the key it gave.
    const kept = String(row?.credentials.api_key)
    expect(kept).toMatch(/^sealed:v1:/)
    expect(kept).not.toContain(orgKey)
    expect(createSecretBox(TEST_DATA_KEY).open(kept)).toBe(orgKey)
    // The key never leaves the server.
    const shown = await owner.get(organisationPath('/integration'))
    expect(await shown.clone().text()).not.toContain(orgKey)

    const places = await readData(await owner.get(organisationPath('/places')), z.array(doorPlaceSchema))
    expect(places.map((place) => place.name)).toEqual(['Albany', 'Somewhere else'])
    expect(places[0]).toMatchObject({ id: String(albany.place.id), gym: null })
  })

  it('links a gym to a Kisi place: one group at the place opening each of its locks', async () => {
    const linked = await readData(
      await owner.post(`/gyms/${org.gyms[0]!.id}/access-control/places`, {
        place_id: String(albany.place.id),
      }),
      gymDoorsSchema,
    )
    expect(linked.doors.map((door) => [door.name, door.door_id])).toEqual([
      ['Front door', String(albany.locks[0]!.id)],
      ['Changing rooms', String(albany.locks[1]!.id)],
    ])
    expect(kisi.state.groups).toHaveLength(1)
    const group = kisi.state.groups[0]!
    expect(group).toMatchObject({ name: 'Gymbase members – Albany', place_id: albany.place.id })
    expect(
      kisi.state.groupLocks
        .filter((row) => row.group_id === group.id)
        .map((row) => row.lock_id)
        .sort(),
    ).toEqual(albany.locks.map((lock) => lock.id).sort())

    // Made again (a link retried after a timeout): the same group, no lock listed twice.
    const again = await kisiProviders(database.db).kisi!.createPlaceGroup(
      { api_key: orgKey },
      { placeId: String(albany.place.id), name: group.name, now },
    )
    expect(again).toBe(String(group.id))
    expect(kisi.state.groups).toHaveLength(1)
    expect(kisi.state.groupLocks.filter((row) => row.group_id === group.id)).toHaveLength(2)
  })

  it('grants a member group_basic through the real sync, once, after waiting out a 429', async () => {
    const calls = kisi.calls.length
    kisi.fail('POST /role_assignments', { status: 429, retryAfter: '2' })
    const stats = await sync(now)
    expect(stats.failed).toBe(0)
    expect(stats.synced).toBeGreaterThanOrEqual(1)
    expect(sleeps).toContain(2000)
    // The 429 was sent again, not given up on.
    expect(
      kisi.calls.slice(calls).filter((call) => call === 'POST /role_assignments').length,
    ).toBeGreaterThanOrEqual(2)

    const [login] = await database.db
      .select()
      .from(doorAccessMembers)
      .where(eq(doorAccessMembers.userId, memberId))
    const kisiUser = kisi.state.users.find((user) => String(user.id) === login?.providerUserId)
    expect(kisiUser).toMatchObject({ confirmed: true })
    const group = kisi.state.groups[0]!
    const held = kisi.state.roleAssignments.filter((row) => row.user_id === kisiUser!.id)
    expect(held).toEqual([expect.objectContaining({ role_id: 'group_basic', group_id: group.id })])

    const access = await readData(
      await owner.get(`/members/${memberId}/access-control`),
      memberDoorAccessSchema,
    )
    expect(access.gyms.map((gym) => [gym.name, gym.may_open, gym.in_effect])).toEqual([
      ['Albany', true, true],
    ])

    // Synced again: found by e-mail, nothing new at Kisi.
    const users = kisi.state.users.length
    const assignments = kisi.state.roleAssignments.length
    await database.db
      .insert(doorAccessOutbox)
      .values({ userId: memberId, organisationId: org.organisation.id, dueAt: new Date(0) })
      .onConflictDoUpdate({ target: doorAccessOutbox.userId, set: { dueAt: new Date(0) } })
    await sync(now)
    expect(kisi.state.users).toHaveLength(users)
    expect(kisi.state.roleAssignments).toHaveLength(assignments)
  })

  it('answers the credential endpoints through Kisi: the card tapped, and a new login for a lost one', async () => {
    const [login] = await database.db
      .select()
      .from(doorAccessMembers)
      .where(eq(doorAccessMembers.userId, memberId))
    const kisiUserId = Number(login!.providerUserId)
    expect(
      await readData(
        await owner.get(`/members/${memberId}/access-control-credentials`),
        doorCredentialSchema.nullable(),
      ),
    ).toBeNull()
    kisi.state.cards.push({ id: 9001, token: 'A1B2C3D4', user_id: kisiUserId })
    kisi.state.logins.push({ id: 9002, user_id: kisiUserId, type: 'device', secret: 'old_secret' })
    expect(
      await readData(
        await owner.get(`/members/${memberId}/access-control-credentials`),
        doorCredentialSchema,
      ),
    ).toEqual({ credential: 'A1B2C3D4', provider_user_id: String(kisiUserId) })

    const renewed = await readData(
      await owner.post(`/users/${memberId}/recreate-kisi-login`),
      doorCredentialSchema,
    )
    expect(renewed.provider_user_id).toBe(String(kisiUserId))
    // The lost card and the old login stop opening at once; the new login is the member's.
    expect(kisi.state.cards.filter((card) => card.user_id === kisiUserId)).toEqual([])
    expect(kisi.state.logins.filter((row) => row.user_id === kisiUserId)).toEqual([
      expect.objectContaining({ secret: renewed.credential }),
    ])
    expect(renewed.credential).not.toBe('old_secret')
  })

  it('revokes the member’s role assignment when a pause begins, and revoking again changes nothing', async () => {
    await pauseSubscription({
      db: database.db,
      now,
      organisationId: org.organisation.id,
      subscriptionId,
      startDate: '2026-03-10',
      endDate: '2026-03-20',
    })
    const stats = await sync(new Date(now.getTime() + 60_000))
    expect(stats).toMatchObject({ failed: 0 })
    const [login] = await database.db
      .select()
      .from(doorAccessMembers)
      .where(eq(doorAccessMembers.userId, memberId))
    expect(login).toMatchObject({ groupIds: [], refusedReason: expect.stringMatching(/paused/i) })
    const kisiUserId = Number(login!.providerUserId)
    expect(kisi.state.roleAssignments.filter((row) => row.user_id === kisiUserId)).toEqual([])

    const kisiDoors = kisiProviders(database.db).kisi!
    await kisiDoors.revokeAccess(
      { api_key: orgKey },
      { userId: String(kisiUserId), groupId: String(kisi.state.groups[0]!.id) },
    )
    expect(await kisiDoors.listUserGroups({ api_key: orgKey }, String(kisiUserId))).toEqual([])
    // Granting twice holds one assignment.
    const grant = { userId: String(kisiUserId), groupId: String(kisi.state.groups[0]!.id), now }
    await kisiDoors.grantAccess({ api_key: orgKey }, grant)
    await kisiDoors.grantAccess({ api_key: orgKey }, grant)
    expect(kisi.state.roleAssignments.filter((row) => row.user_id === kisiUserId)).toHaveLength(1)
    await kisiDoors.revokeAccess({ api_key: orgKey }, grant)
  })

  it('keeps a revoked key as the integration’s error in words, retries the person, and clears it with a new key', async () => {
    const later = new Date(now.getTime() + 5 * 60_000)
    kisi.keys.delete(orgKey)
    await database.db
      .insert(doorAccessOutbox)
      .values({ userId: memberId, organisationId: org.organisation.id, dueAt: new Date(0) })
      .onConflictDoUpdate({ target: doorAccessOutbox.userId, set: { dueAt: new Date(0) } })
    const stats = await sync(later)
    expect(stats).toMatchObject({ synced: 0, failed: 1 })
    const [queued] = await database.db
      .select()
      .from(doorAccessOutbox)
      .where(eq(doorAccessOutbox.userId, memberId))
    expect(queued?.lastError).toBe(kisiKeyRefusedMessage)
    expect(queued!.dueAt.getTime()).toBeGreaterThan(later.getTime())
    expect(queued?.lastError).not.toContain(orgKey)

    const shown = await readData(await owner.get(organisationPath('/integration')), doorSystemSchema)
    expect(shown.error).toBe(kisiKeyRefusedMessage)
    const gymDoors = await readData(
      await owner.get(`/gyms/${org.gyms[0]!.id}/access-control`),
      gymDoorsSchema,
    )
    expect(gymDoors.integration?.error).toBe(kisiKeyRefusedMessage)
    // A gym not linked yet can't list Kisi's places: its page says why instead of failing to load.
    const unlinked = await readData(
      await owner.get(`/gyms/${org.gyms[1]!.id}/access-control`),
      gymDoorsSchema,
    )
    expect(unlinked).toMatchObject({
      integration: { error: kisiKeyRefusedMessage },
      place: null,
      available_places: [],
    })
    // Reading Kisi through the API with the revoked key is a 4xx in words, never a 500.
    const places = await owner.get(organisationPath('/places'))
    expect(places.status).toBe(409)
    expect(await places.json()).toEqual({ message: kisiKeyRefusedMessage })

    // The owner makes a new key in Kisi and connects again: kept, error cleared, the person synced.
    const newKey = 'kisi_new_key_0123456789abcdef'
    kisi.keys.add(newKey)
    const reconnected = await readData(
      await owner.post(organisationPath('/integration'), { integration_type: 'kisi', api_key: newKey }),
      doorSystemSchema,
    )
    expect(reconnected.error).toBeNull()
    const retried = await sync(new Date(queued!.dueAt.getTime() + 1000))
    expect(retried).toMatchObject({ failed: 0 })
    expect(
      await database.db
        .select()
        .from(doorAccessOutbox)
        .where(eq(doorAccessOutbox.userId, memberId))
        .then((rows) => rows.filter((row) => row.lastError !== null)),
    ).toEqual([])
  })

  it('turns a call Kisi never answers, and its 5xx, into errors the sync retries', async () => {
    const kisiDoors = kisiProviders(database.db).kisi!
    kisi.fail('GET /places', { status: 'hang' })
    await expect(kisiDoors.listPlaces({ api_key: 'kisi_new_key_0123456789abcdef' })).rejects.toMatchObject({
      reason: 'unavailable',
      message: expect.stringMatching(/did not answer within/),
    })
    kisi.fail('GET /places', { status: 503 })
    await expect(kisiDoors.listPlaces({ api_key: 'kisi_new_key_0123456789abcdef' })).rejects.toMatchObject({
      reason: 'unavailable',
    })
    // A 429 longer than the client waits is thrown with Kisi's Retry-After, for the sync to come back to.
    kisi.fail('GET /places', { status: 429, retryAfter: '120' })
    await expect(kisiDoors.listPlaces({ api_key: 'kisi_new_key_0123456789abcdef' })).rejects.toMatchObject({
      reason: 'rate_limited',
      retryAfterSeconds: 120,
    })
    kisi.fail('GET /users/:id', { status: 401 })
    await expect(
      kisiDoors.recreateCredential({ api_key: 'kisi_new_key_0123456789abcdef' }, '1'),
    ).rejects.toMatchObject({
      reason: 'unauthorised',
    })
  })
})
