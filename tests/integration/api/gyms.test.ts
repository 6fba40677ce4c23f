import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { auditLog } from '~/db/schema'
import { gymSchema } from '~/features/gyms/contract'
import { checkNzBankAccount, maskNzBankAccount } from '~/lib/nz-bank-account'
import { z } from '~/lib/validation'
import { testBankAccountNumber } from '../../factories/bank-account'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
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

  it('changes the destination account: the repeat must match, the checksum must pass, the change is audited masked', async () => {
    const gym = org.gyms[0]!
    const account = org.destinationAccounts[0]!
    const path = `/gyms/${gym.id}/destination-accounts/${account.id}`
    const good = testBankAccountNumber({ index: 3, suffix: '00' })
    expect(
      await readErrors(
        await owner.request('PUT', path, {
          body: { name: 'Main', bank_account_number: good, bank_account_number_confirmation: `${good}1` },
        }),
      ),
    ).toEqual({ bank_account_number_confirmation: ['The value must be equal to the other value'] })
    // The same shape with the base changed until the check digits fail (about 10 in 11 do).
    let bad = good
    for (let step = 1; checkNzBankAccount({ value: bad }).valid; step += 1) {
      bad = good.replace(
        /^12-3140-(\d{7})/,
        (_, base: string) => `12-3140-${String(Number(base) + step).padStart(7, '0')}`,
      )
    }
    const refused = await readErrors(
      await owner.request('PUT', path, {
        body: { name: 'Main', bank_account_number: bad, bank_account_number_confirmation: bad },
      }),
    )
    expect(refused.bank_account_number?.[0]).toMatch(/[A-Z]/)
    const saved = await owner.request('PUT', path, {
      body: { name: 'Main account', bank_account_number: good, bank_account_number_confirmation: good },
    })
    expect(saved.status).toBe(200)
    const answer = z
      .object({ data: gymSchema, bank_payers: z.number(), message: z.string() })
      .parse(await saved.json())
    expect(answer.data.destination_account?.name).toBe('Main account')
    expect(answer.data.destination_account?.bank_account_number).toBe(maskNzBankAccount(good))
    expect(answer.bank_payers).toBeGreaterThanOrEqual(0)
    const [line] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'gym.destination_account_changed'))
    expect(JSON.stringify(line?.changes)).not.toContain(good)
    expect(line?.changes).toMatchObject({ bank_account_number: { to: maskNzBankAccount(good) } })
    // Only organisation admins; another organisation's gym is unknown.
    const gymAdmin = await signInStaff({
      database,
      api,
      now,
      organisation: org,
      gyms: [{ index: 0, role: 'admin' }],
    })
    const body = { name: 'X', bank_account_number: good, bank_account_number_confirmation: good }
    expect((await gymAdmin.request('PUT', path, { body })).status).toBe(403)
    const stranger = await signInStaff({ database, api, now, organisation: other, admin: true })
    expect((await stranger.request('PUT', path, { body })).status).toBe(404)
    expect(
      (
        await owner.request(
          'PUT',
          `/gyms/$other.gyms[0]!.id/destination-accounts/$other.destinationAccounts[0]!.id`,
          { body },
        )
      ).status,
    ).toBe(404)
  })

  it('adds a gym with its bank account in one go, in words when something is wrong', async () => {
    const good = testBankAccountNumber({ index: 11, suffix: '00' })
    const account = {
      name: 'Eden account',
      bank_account_number: good,
      bank_account_number_confirmation: good,
    }
    expect(
      await readErrors(
        await owner.post('/gyms', {
          name: 'Eden',
          destination_account: { ...account, bank_account_number_confirmation: `${good}9` },
        }),
      ),
    ).toEqual({
      'destination_account.bank_account_number_confirmation': ['The value must be equal to the other value'],
    })
    let bad = good
    for (let step = 1; checkNzBankAccount({ value: bad }).valid; step += 1) {
      bad = good.replace(
        /^12-3140-(\d{7})/,
        (_, base: string) => `12-3140-${String(Number(base) + step).padStart(7, '0')}`,
      )
    }
    const refused = await readErrors(
      await owner.post('/gyms', {
        name: 'Eden',
        destination_account: { ...account, bank_account_number: bad, bank_account_number_confirmation: bad },
      }),
    )
    expect(Object.keys(refused)).toEqual(['destination_account.bank_account_number'])
    // Nothing was left half made.
    expect(
      (await readData(await owner.get('/gyms'), z.array(gymSchema))).map((gym) => gym.name),
    ).not.toContain('Eden')

    const created = await readData(
      await owner.post('/gyms', { name: 'Eden', destination_account: account }),
      gymSchema,
    )
    expect(created).toMatchObject({ name: 'Eden', members_count: 0, staff_count: 0 })
    expect(created.destination_account?.bank_account_number).toBe(maskNzBankAccount(good))
    expect(
      await readErrors(await owner.post('/gyms', { name: 'eden', destination_account: account })),
    ).toEqual({
      name: ['A gym with this name already exists.'],
    })
    const [line] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'gym.created'))
    expect(line?.subjectId).toBe(created.id)
    const gymAdmin = await signInStaff({
      database,
      api,
      now,
      organisation: org,
      gyms: [{ index: 0, role: 'admin' }],
    })
    expect((await gymAdmin.post('/gyms', { name: 'Sneaky', destination_account: account })).status).toBe(403)
    // A single-gym organisation has its gym.
    const single = await createTestOrganisation({ db: database.db, now, gymNames: ['Only'] })
    const singleOwner = await signInStaff({ database, api, now, organisation: single, admin: true })
    expect(
      await readMessage(
        await singleOwner.post('/gyms', { name: 'Second', destination_account: account }),
        409,
      ),
    ).toMatch(/single-gym organisation/)
  })
})
