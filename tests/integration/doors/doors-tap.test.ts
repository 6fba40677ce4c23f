import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { visits } from '~/db/schema'
import { hashPassword } from '~/server/auth/password.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { findDoorPlaces, linkGymPlace } from '~/server/services/door-access/door-system.server'
import { findDoorCredential } from '~/server/services/door-access/member-door-access.server'
import { processDueDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import {
  type ConsoleApi,
  type CookieJar,
  createConsoleApi,
  DoorsTapError,
  runDoorsTap,
  signInToConsole,
} from '../../../scripts/doors/tap'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { consoleOrigin, createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { connectSandboxDoors } from '../support/doors'

const now = new Date('2026-03-10T01:00:00Z')
const password = 'tap the door please'

/**
 * `npm run doors:tap` (scripts/doors-tap.ts) does its work through the console API; its core runs here
 * against the real API: signing in with the e-mailed code, tapping by e-mail and by code, the words of a
 * refusal, the visit, and the list.
 */
describeEachDatabase('npm run doors:tap', (database) => {
  const testApi = createTestApi(database, { now: () => now })
  let org: TestOrganisation
  let ownerEmail = ''
  let jar: CookieJar
  let api: ConsoleApi
  let paid = { id: 0, email: '', credential: '' }
  let upcoming = { id: 0, email: '' }

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({ db, now, name: 'Tap Script Gym', gymNames: ['Albany', 'Botany'] })
    const organisationId = org.organisation.id
    const { user: owner } = await createStaffUser({
      db,
      now,
      organisationId,
      name: 'Tap Owner',
      email: `tap-owner-${process.pid}@doors-tap.test`,
      passwordHash: await hashPassword(password),
      organisationRole: 'admin',
      gymRoles: org.gyms.map((gym) => ({ gymId: gym.id, role: 'admin' as const })),
      emailVerified: true,
      accessEnabled: true,
    })
    ownerEmail = owner.email
    const providers = createDoorProviders({ db })
    await connectSandboxDoors({ db, providers, organisationId, actorId: owner.id, now })
    const places = await findDoorPlaces({ db, providers, organisationId })
    for (const gym of org.gyms) {
      const place = places.find((candidate) => candidate.name === gym.name)
      await linkGymPlace({
        db,
        providers,
        organisationId,
        gymId: gym.id,
        placeId: place?.id ?? '',
        actorId: owner.id,
        now,
      })
    }
    const albany = org.gyms[0]!.id
    const { price } = await createTestPrice({ db, organisationId, gymIds: [albany], now })
    const started = await createTestMembership({
      db,
      organisationId,
      gymId: albany,
      priceId: price.id,
      startDate: '2026-03-03',
      now,
      seed: 'tap-started',
    })
    const later = await createTestMembership({
      db,
      organisationId,
      gymId: albany,
      priceId: price.id,
      startDate: '2026-04-01',
      now,
      seed: 'tap-later',
    })
    await processDueDoorAccess({ db, providers, now })
    const login = await findDoorCredential({ db, providers, organisationId, userId: started.member.id })
    paid = { id: started.member.id, email: started.member.email, credential: login?.credential ?? '' }
    upcoming = { id: later.member.id, email: later.member.email }
    expect(paid.credential).not.toBe('')

    jar = { cookies: {} }
    api = createConsoleApi({
      baseUrl: consoleOrigin,
      origin: consoleOrigin,
      jar,
      fetch: (request) => testApi.api.fetch(request),
    })
  })

  it('signs in as staff with the e-mailed code, remembers the browser, and reuses the session', async () => {
    const readCodes: string[] = []
    const user = await signInToConsole(api, {
      email: ownerEmail,
      password,
      readCode: async (email) => {
        readCodes.push(email)
        return testApi.latestCode(email)
      },
    })
    expect(user.email).toBe(ownerEmail)
    expect(readCodes).toEqual([ownerEmail])
    // The next run finds the session good and asks for no code.
    const again = await signInToConsole(api, {
      email: ownerEmail,
      password,
      readCode: () => Promise.reject(new Error('no code needed')),
    })
    expect(again.id).toBe(user.id)
    // A wrong password is refused in the server's words.
    const stranger = createConsoleApi({
      baseUrl: consoleOrigin,
      origin: consoleOrigin,
      jar: { cookies: {} },
      fetch: (request) => testApi.api.fetch(request),
    })
    await expect(
      signInToConsole(stranger, {
        email: ownerEmail,
        password: 'wrong',
        readCode: () => Promise.resolve(''),
      }),
    ).rejects.toThrow(DoorsTapError)
  })

  it('taps a paying member by e-mail at the gym’s front door: it opens and the visit is recorded', async () => {
    const lines = await runDoorsTap(api, { kind: 'tap', gym: 'alb', email: paid.email.toUpperCase() })
    expect(lines[0]).toMatch(/^Albany · Front door: .+ \(.+\) tapped their credential\.$/)
    expect(lines[1]).toBe('The door OPENED.')
    const visitId = Number(lines[2]?.match(/^Visit #(\d+) recorded at .+: successful\.$/)?.[1])
    const [visit] = await database.db.select().from(visits).where(eq(visits.id, visitId))
    expect(visit).toMatchObject({ userId: paid.id, gymId: org.gyms[0]!.id, successful: true })
  })

  it('says why a door refuses, and records the refused visit', async () => {
    const lines = await runDoorsTap(api, { kind: 'tap', gym: 'Albany', email: upcoming.email })
    expect(lines[1]).toBe('The door REFUSED: Membership starts 1 Apr 2026.')
    // Never given a door login, nothing was tapped: no event, so no visit.
    expect(lines[2]).toMatch(
      /^No visit recorded: .+ has never been given a door login, so there was no credential to tap\.$/,
    )

    const byCode = await runDoorsTap(api, { kind: 'tap', gym: 'Botany', credential: paid.credential })
    // Her membership is at Albany only.
    expect(byCode[1]).toBe('The door REFUSED: No access at this gym.')
    expect(byCode[2]).toMatch(/^Visit #\d+ recorded at .+: refused \(No access at this gym\)\.$/)

    const unknown = await runDoorsTap(api, { kind: 'tap', gym: 'Albany', credential: 'NOPE-2345' })
    expect(unknown).toEqual([
      'Albany · Front door: Nobody we know tapped the code NOPE-2345.',
      'The door REFUSED: Card or code not recognised.',
      'No visit recorded: the credential belongs to nobody in this organisation.',
    ])
  })

  it('opens a door that does not count visits without recording one', async () => {
    const lines = await runDoorsTap(api, {
      kind: 'tap',
      gym: 'Albany',
      door: 'changing',
      credential: paid.credential.toLowerCase(),
    })
    expect(lines.slice(1)).toEqual([
      'The door OPENED.',
      'No visit recorded: “Changing rooms” does not count visits.',
    ])
  })

  it('refuses what it cannot do in words: an unknown gym or door, nobody to tap', async () => {
    await expect(runDoorsTap(api, { kind: 'tap', gym: 'Wellington', email: paid.email })).rejects.toThrow(
      'No gym called “Wellington”. The gyms: Albany, Botany.',
    )
    await expect(
      runDoorsTap(api, { kind: 'tap', gym: 'Albany', door: 'Back', email: paid.email }),
    ).rejects.toThrow('Albany has no door called “Back”. Its doors: Front door, Changing rooms.')
    await expect(runDoorsTap(api, { kind: 'tap', gym: 'Albany' })).rejects.toThrow('Say who taps')
    await expect(
      runDoorsTap(api, { kind: 'tap', gym: 'Albany', email: 'nobody@doors-tap.test' }),
    ).rejects.toThrow('Nobody with the e-mail nobody@doors-tap.test in this organisation.')
  })

  it('lists the doors, members with their codes and whether they may open, and the staff', async () => {
    const lines = await runDoorsTap(api, { kind: 'list' })
    expect(lines).toContain('  Albany: Front door (counts visits), Changing rooms')
    expect(lines).toContain('  Botany: Front door (counts visits), Changing rooms')
    expect(lines.find((line) => line.includes(`<${paid.email}>`))).toMatch(
      new RegExp(`\\[active\\] code ${paid.credential}; may open Albany$`),
    )
    expect(lines.find((line) => line.includes(`<${upcoming.email}>`))).toMatch(
      /\[upcoming\] no credential yet; refused: Membership starts 1 Apr 2026$/,
    )
    expect(lines).toContain(`  Tap Owner <${ownerEmail}>: door access on`)
  })
})
