import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import {
  doorCredentialSchema,
  doorPlaceSchema,
  doorSystemSchema,
  gymDoorSchema,
  gymDoorsSchema,
  memberDoorAccessSchema,
  placeDoorSchema,
  tapResultSchema,
} from '~/contracts/doors'
import { auditLog } from '~/db/schema'
import { z } from '~/lib/validation'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { kisiUnavailableMessage } from '~/server/services/door-access/door-system.server'
import { processDueDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import { createTestMembershipOnNewPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-03-10T01:00:00Z')

/** The door endpoints (issue 17): who may connect, link and change doors, and what a person may open. */
describeEachDatabase('doors API', (database) => {
  const api = createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, api, now, organisation: () => org })
  let org: TestOrganisation
  let owner: TestBrowser
  let gymAdmin: TestBrowser
  let trainer: TestBrowser
  let stranger: TestBrowser
  let memberId: number

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({ db, now, name: 'Door API Gym', gymNames: ['Albany', 'Botany'] })
    const other = await createTestOrganisation({ db, now, gymNames: ['Elsewhere'] })
    owner = await signIn({ admin: true })
    gymAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
    stranger = await signIn({ org: other, admin: true })
    const membership = await createTestMembershipOnNewPrice({
      db,
      organisation: org,
      startDate: '2026-03-03',
      now,
    })
    memberId = membership.member.id
  })

  const organisationPath = (path: string) => `/organisations/${org.organisation.id}/access-control${path}`

  it('connects the sandbox once, refuses Kisi in words until its adapter exists, and only for its admins', async () => {
    expect(
      await readData(await owner.get(organisationPath('/integration')), doorSystemSchema.nullable()),
    ).toBeNull()
    expect(
      await readErrors(
        await owner.post(organisationPath('/integration'), { integration_type: 'kisi', api_key: 'k' }),
      ),
    ).toEqual({
      integration_type: [kisiUnavailableMessage],
    })
    expect(
      (await gymAdmin.post(organisationPath('/integration'), { integration_type: 'sandbox' })).status,
    ).toBe(403)
    expect(
      (await stranger.post(organisationPath('/integration'), { integration_type: 'sandbox' })).status,
    ).toBe(404)
    const connected = await readData(
      await owner.post(organisationPath('/integration'), { integration_type: 'sandbox' }),
      doorSystemSchema,
    )
    const again = await readData(
      await owner.post(organisationPath('/integration'), { integration_type: 'sandbox' }),
      doorSystemSchema,
    )
    expect(again).toEqual(connected)
    expect(connected.integration_type).toBe('sandbox')
    const places = await readData(await owner.get(organisationPath('/places')), z.array(doorPlaceSchema))
    expect(places.map((place) => [place.name, place.gym])).toEqual([
      ['Albany', null],
      ['Botany', null],
    ])
    const doors = await readData(
      await owner.get(organisationPath(`/places/${places[0]!.id}/doors`)),
      z.array(placeDoorSchema),
    )
    expect(doors.map((door) => [door.name, door.id, door.tracks_visits])).toEqual([
      ['Front door', null, false],
      ['Changing rooms', null, false],
    ])
    expect((await owner.get(organisationPath('/places/99999999/doors'))).status).toBe(404)
    expect((await stranger.get(organisationPath('/places'))).status).toBe(404)
    // The credentials (the sandbox organisation's id) never leave the server.
    expect(await (await owner.get(organisationPath('/integration'))).text()).not.toContain('org_sandbox_')
  })

  it('links a gym to a place, counts visits at its first door, and lets only organisation admins change doors', async () => {
    const albany = org.gyms[0]!.id
    const before = await readData(await owner.get(`/gyms/${albany}/access-control`), gymDoorsSchema)
    expect(before.place).toBeNull()
    const albanyPlace = before.available_places.find((place) => place.name === 'Albany')!
    expect(
      (await gymAdmin.post(`/gyms/${albany}/access-control/places`, { place_id: albanyPlace.id })).status,
    ).toBe(403)
    expect(
      await readErrors(await owner.post(`/gyms/${albany}/access-control/places`, { place_id: '424242' })),
    ).toEqual({
      place_id: ['Choose one of the door system’s places.'],
    })
    const linked = await readData(
      await owner.post(`/gyms/${albany}/access-control/places`, { place_id: albanyPlace.id }),
      gymDoorsSchema,
      201,
    )
    expect(linked.place?.name).toBe('Albany')
    expect(linked.doors.map((door) => [door.name, door.tracks_visits])).toEqual([
      ['Front door', true],
      ['Changing rooms', false],
    ])
    expect(
      await readMessage(
        await owner.post(`/gyms/${albany}/access-control/places`, { place_id: albanyPlace.id }),
      ),
    ).toBe('This gym is already linked to a place.')
    expect(
      await readMessage(
        await owner.post(`/gyms/${org.gyms[1]!.id}/access-control/places`, { place_id: albanyPlace.id }),
      ),
    ).toBe('That place is linked to another gym.')

    const side = linked.doors[1]!
    const turnedOn = await readData(
      await owner.request('PUT', `/gyms/${albany}/tracks-visits`, {
        body: { door_id: side.id, tracks_visits: true },
      }),
      gymDoorSchema,
    )
    expect(turnedOn.tracks_visits).toBe(true)
    // Another gym's door through this gym's address is not one of its doors.
    expect(
      await readErrors(
        await owner.request('PUT', `/gyms/${org.gyms[1]!.id}/tracks-visits`, {
          body: { door_id: side.id, tracks_visits: false },
        }),
      ),
    ).toEqual({
      door_id: ['Choose one of this gym’s doors.'],
    })
    expect(
      (
        await gymAdmin.request('PUT', `/gyms/${albany}/tracks-visits`, {
          body: { door_id: side.id, tracks_visits: false },
        })
      ).status,
    ).toBe(403)
    expect((await trainer.get(`/gyms/${albany}/access-control`)).status).toBe(404)
    const seen = await readData(await gymAdmin.get(`/gyms/${albany}/access-control`), gymDoorsSchema)
    expect(seen.doors).toHaveLength(2)
    expect(seen.available_places).toEqual([])
    expect(
      (
        await stranger.request('PUT', `/gyms/${albany}/tracks-visits`, {
          body: { door_id: side.id, tracks_visits: false },
        })
      ).status,
    ).toBe(404)
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.organisationId, org.organisation.id))
    expect(audit.map((line) => line.action)).toEqual(
      expect.arrayContaining(['door_system.connected', 'gym.place_linked', 'door.tracks_visits_on']),
    )
  })

  it('tells staff what a member may open and why not, gives them a credential, and taps it at a door', async () => {
    const db = database.db
    await processDueDoorAccess({ db, providers: createDoorProviders({ db }), now })
    const access = await readData(
      await gymAdmin.get(`/members/${memberId}/access-control`),
      memberDoorAccessSchema,
    )
    expect(access).toMatchObject({ connected: true, refused_reason: null, waiting: false })
    expect(access.gyms.map((gym) => [gym.name, gym.may_open, gym.in_effect])).toEqual([
      ['Albany', true, true],
    ])
    expect((await trainer.get(`/members/${memberId}/access-control`)).status).toBe(404)
    expect((await stranger.get(`/members/${memberId}/access-control-credentials`)).status).toBe(404)

    const credential = await readData(
      await gymAdmin.get(`/members/${memberId}/access-control-credentials`),
      doorCredentialSchema.nullable(),
    )
    expect(credential?.credential).toMatch(/^[2-9A-HJKMNP-Z]{10}$/)
    const doorsOf = await readData(await owner.get(`/gyms/${org.gyms[0]!.id}/access-control`), gymDoorsSchema)
    const front = doorsOf.doors[0]!
    const opened = await readData(
      await gymAdmin.post('/access-control/taps', {
        door_id: front.id,
        credential: credential!.credential.toLowerCase(),
      }),
      tapResultSchema,
    )
    expect(opened).toMatchObject({ opened: true, refused_reason: null, person: { id: memberId } })
    expect(opened.visit).toMatchObject({ successful: true })

    const renewed = await readData(
      await gymAdmin.post(`/users/${memberId}/recreate-kisi-login`),
      doorCredentialSchema,
    )
    expect(renewed.credential).not.toBe(credential!.credential)
    const old = await readData(
      await gymAdmin.post('/access-control/taps', { door_id: front.id, credential: credential!.credential }),
      tapResultSchema,
    )
    expect(old).toMatchObject({
      opened: false,
      refused_reason: 'Card or code not recognised',
      person: null,
      visit: null,
    })
    expect(await readErrors(await gymAdmin.post('/access-control/taps', { door_id: front.id }))).toEqual({
      credential: ['Choose a member or type a card or code'],
    })
    // A trainer at Botany doesn't see Albany's doors.
    expect(
      (await trainer.post('/access-control/taps', { door_id: front.id, credential: renewed.credential }))
        .status,
    ).toBe(404)
  })

  it('turns a staff member’s door access on for their gyms, for organisation admins only', async () => {
    const trainerId = await readData(await trainer.get('/me'), z.object({ id: z.number() }))
    expect((await gymAdmin.post(`/staff/${trainerId.id}/kisi-access`, { enabled: true })).status).toBe(403)
    expect((await stranger.post(`/staff/${trainerId.id}/kisi-access`, { enabled: true })).status).toBe(404)
    expect((await owner.post(`/staff/${memberId}/kisi-access`, { enabled: true })).status).toBe(404)
    const answer = await readData(
      await owner.post(`/staff/${trainerId.id}/kisi-access`, { enabled: true }),
      z.object({ access_enabled: z.boolean() }),
    )
    expect(answer.access_enabled).toBe(true)
  })
})
