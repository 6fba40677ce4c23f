import { beforeAll, expect, it } from 'vitest'
import { gymSchema } from '~/features/gyms/contract'
import { z } from '~/lib/validation'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-05-20T01:00:00Z')

/** The organisation's gyms (issue 17): counts, the caller's role, payments set-up, and who may see them. */
describeEachDatabase('gyms API', (database) => {
  const api = createTestApi(database, { now: () => now })
  let org: TestOrganisation
  let other: TestOrganisation
  let owner: TestBrowser

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({ db, now, name: 'Gym Count Fitness', gymNames: ['Albany', 'Botany'] })
    other = await createTestOrganisation({ db, now, gymNames: ['Elsewhere'] })
    const { price } = await createTestPrice({
      db,
      organisationId: org.organisation.id,
      gymIds: org.gyms.map((gym) => gym.id),
      now,
    })
    for (let index = 0; index < 3; index += 1) {
      await createTestMembership({
        db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]!.id,
        priceId: price.id,
        now,
        seed: `gym-count-${index}`,
      })
    }
    await createTestMembership({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[1]!.id,
      priceId: price.id,
      now,
      seed: 'gym-count-b',
    })
    // The owner also trains at Botany: their role there is shown, Albany's is "--".
    owner = await signInStaff({
      database,
      api,
      now,
      organisation: org,
      admin: true,
      gyms: [{ index: 1, role: 'personal_trainer' }],
    })
    await signInStaff({ database, api, now, organisation: org, gyms: [{ index: 0, role: 'admin' }] })
  })

  it('lists every gym with its members, staff, the caller’s role and the masked bank account', async () => {
    const gyms = await readData(await owner.get('/gyms'), z.array(gymSchema))
    expect(gyms.map((gym) => gym.name)).toEqual(['Albany', 'Botany'])
    const [albany, botany] = gyms
    expect(albany).toMatchObject({
      members_count: 3,
      staff_count: 1,
      role: null,
      card_payments: { connected: false },
    })
    expect(botany).toMatchObject({ members_count: 1, staff_count: 1, role: 'personal_trainer' })
    expect(albany?.destination_account?.bank_account_number).toMatch(/•/)
    expect(JSON.stringify(gyms)).not.toContain(org.destinationAccounts[0]!.bankAccountNumber)
    const one = await readData(await owner.get(`/gyms/${albany?.id}`), gymSchema)
    expect(one).toEqual(albany)
  })

  it('is for organisation admins: gym staff are refused, other gyms and organisations are unknown', async () => {
    const gymAdmin = await signInStaff({
      database,
      api,
      now,
      organisation: org,
      gyms: [{ index: 0, role: 'admin' }],
    })
    expect(await readMessage(await gymAdmin.get('/gyms'), 403)).toBe('This action is unauthorized.')
    expect((await gymAdmin.get(`/gyms/${org.gyms[0]!.id}`)).status).toBe(403)
    expect((await gymAdmin.get(`/gyms/${org.gyms[1]!.id}`)).status).toBe(404)
    const stranger = await signInStaff({ database, api, now, organisation: other, admin: true })
    expect((await stranger.get(`/gyms/${org.gyms[0]!.id}`)).status).toBe(404)
    expect((await readData(await stranger.get('/gyms'), z.array(gymSchema))).map((gym) => gym.name)).toEqual([
      'Elsewhere',
    ])
    expect((await owner.get('/gyms/2147483648')).status).toBe(404)
    expect((await api.browser().get('/gyms')).status).toBe(401)
  })
})
