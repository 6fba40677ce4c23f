import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  joinGymSchema,
  sessionStateSchema,
  sessionUserSchema,
  uniqueEmailResponseSchema,
} from '~/contracts/auth'
import { users } from '~/db/schema'
import { z } from '~/lib/validation'
import { hashPassword } from '~/server/auth/password.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { inviteStaffMember } from '~/server/services/auth/invite-staff-member.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors } from '../support/answers'
import { consoleOrigin, createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'

const password = 'correct horse battery'
const minutes = (n: number) => n * 60_000

describeEachDatabase('authentication API', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  let passwordHash: string
  let emails = 0
  const nextEmail = (kind: string) => `${kind}-${++emails}@auth.test`

  beforeAll(async () => {
    passwordHash = await hashPassword(password)
    org = await createTestOrganisation({ db: database.db, gymNames: ['Ponsonby', 'Newmarket'] })
    other = await createTestOrganisation({ db: database.db, name: 'Other Gym Co' })
    // Gyms take sign-ups once they have a price on sale (issue 25).
    for (const organisation of [org, other]) {
      await createTestPrice({
        db: database.db,
        organisationId: organisation.organisation.id,
        gymIds: organisation.gyms.map((gym) => gym.id),
      })
    }
  })

  async function staff(options: { organisation?: TestOrganisation; admin?: boolean } = {}) {
    const target = options.organisation ?? org
    const { user } = await createStaffUser({
      db: database.db,
      now: new Date(),
      organisationId: target.organisation.id,
      name: 'Kiri Staff',
      email: nextEmail('staff'),
      passwordHash,
      organisationRole: options.admin ? 'admin' : null,
      gymRoles: [{ gymId: target.gyms[0]!.id, role: 'admin' }],
      emailVerified: true,
    })
    return user
  }

  async function member(options: { organisation?: TestOrganisation; email?: string } = {}) {
    const target = options.organisation ?? org
    return createTestMember({
      db: database.db,
      organisationId: target.organisation.id,
      gymId: target.gyms[0]!.id,
      overrides: { email: options.email ?? nextEmail('member'), passwordHash, emailVerified: true },
    })
  }

  async function signedInStaff(testApi = createTestApi(database)) {
    const user = await staff({ admin: true })
    const browser = testApi.browser()
    await browser.post('/login', { email: user.email, password })
    await browser.post('/email/verify', { code: await testApi.latestCode(user.email) })
    return { user, browser, testApi }
  }

  describe('the session the guards read', () => {
    it('answers a guest, a pending code and a signed-in user with 200, as /me does the user', async () => {
      const testApi = createTestApi(database)
      const browser = testApi.browser()
      expect(await readData(await browser.get('/session'), sessionStateSchema)).toEqual({ kind: 'guest' })

      const user = await staff({ admin: true })
      await browser.post('/login', { email: user.email, password })
      expect(await readData(await browser.get('/session'), sessionStateSchema)).toEqual({
        kind: 'two_factor',
        email: user.email,
      })

      await browser.post('/email/verify', { code: await testApi.latestCode(user.email) })
      const me = await readData(await browser.get('/me'), sessionUserSchema)
      expect(await readData(await browser.get('/session'), sessionStateSchema)).toEqual({
        kind: 'user',
        user: me,
      })
    })
  })

  describe('sign-in', () => {
    it('refuses a wrong password and an unknown address with the same message', async () => {
      const testApi = createTestApi(database)
      const user = await staff()
      for (const email of [user.email, 'nobody@auth.test']) {
        const response = await testApi.browser({ ip: `203.0.113.${emails}` }).post('/login', {
          email,
          password: 'wrong password',
        })
        expect(response.status).toBe(422)
        expect(await response.json()).toEqual({
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        })
      }
    })

    it('says which fields are missing or malformed, in the words of SPEC §5', async () => {
      const response = await createTestApi(database).browser().post('/login', { email: 'not-an-address' })
      expect(response.status).toBe(422)
      expect(await readErrors(response)).toEqual({
        email: ['Value is not a valid email address'],
        password: ['Value is required'],
      })
    })

    it('asks staff for the e-mailed code before anything else answers, then signs them in', async () => {
      const testApi = createTestApi(database)
      const user = await staff({ admin: true })
      const browser = testApi.browser()
      const login = await browser.post('/login', { email: user.email.toUpperCase(), password })
      expect(login.status).toBe(400)
      expect(await login.json()).toMatchObject({ error: 'not_two_factor_authenticated' })
      const cookie = login.headers.getSetCookie().find((value) => value.startsWith('gymbase_session='))
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).not.toMatch(/Secure/i)
      expect(browser.jar.get('gymbase_session')?.length).toBeGreaterThanOrEqual(43)

      const pending = await browser.get('/me')
      expect(pending.status).toBe(400)
      expect(await pending.json()).toMatchObject({ error: 'not_two_factor_authenticated' })

      const mail = await testApi.latestMail(user.email)
      expect(mail.subject).toContain('Your sign-in code')
      expect(mail.text).toContain(org.organisation.name)

      const verified = await browser.post('/email/verify', { code: await testApi.latestCode(user.email) })
      expect(verified.status).toBe(200)
      const me = await readData(await browser.get('/me'), sessionUserSchema)
      expect(me).toMatchObject({
        id: user.id,
        email: user.email,
        is_staff: true,
        current_organisation: {
          id: org.organisation.id,
          name: org.organisation.name,
          multi_gym: true,
          role: 'admin',
        },
        current_gym: { role: 'admin' },
      })
      expect(me.gyms.map((gym) => gym.name)).toEqual(['Newmarket', 'Ponsonby'])
    })

    it('gives a new session id at every sign-in and ends it at sign-out', async () => {
      const { browser, user, testApi } = await signedInStaff()
      const first = browser.jar.get('gymbase_session')
      await browser.post('/login', { email: user.email, password })
      expect(browser.jar.get('gymbase_session')).not.toBe(first)
      const stolen = testApi.browser()
      stolen.jar.set('gymbase_session', first ?? '')
      expect((await stolen.get('/me')).status).toBe(401)

      await browser.post('/email/verify', { code: await testApi.latestCode(user.email) })
      const current = browser.jar.get('gymbase_session') ?? ''
      expect((await browser.post('/logout')).status).toBe(204)
      expect(browser.jar.has('gymbase_session')).toBe(false)
      const replay = testApi.browser()
      replay.jar.set('gymbase_session', current)
      expect(await (await replay.get('/me')).json()).toEqual({ message: 'Unauthenticated.' })
    })

    it('signs each of two accounts with one address at two organisations into its own organisation', async () => {
      const testApi = createTestApi(database)
      const shared = nextEmail('shared')
      const atOther = await member({ organisation: other, email: shared })
      const otherPassword = 'another long password'
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword(otherPassword) })
        .where(eq(users.id, atOther.id))
      const atOrg = await member({ email: shared })
      const browser = testApi.browser({ origin: joinOrigin })
      expect((await browser.post('/login', { email: shared, password: otherPassword })).status).toBe(200)
      const me = await readData(await browser.get('/me'), sessionUserSchema)
      expect(me).toMatchObject({ id: atOther.id, current_organisation: { id: other.organisation.id } })
      const second = testApi.browser({ origin: joinOrigin })
      await second.post('/login', { email: shared, password })
      expect((await readData(await second.get('/me'), sessionUserSchema)).id).toBe(atOrg.id)
    })

    it('lets a member whose address is verified in without a code', async () => {
      const testApi = createTestApi(database)
      const user = await member()
      const browser = testApi.browser({ origin: joinOrigin })
      const login = await browser.post('/login', { email: user.email, password })
      expect(login.status).toBe(200)
      expect(await readData(login, sessionUserSchema)).toMatchObject({ id: user.id, is_staff: false })
    })
  })

  describe('e-mailed codes', () => {
    it('counts wrong codes, kills the code after five, and takes a new one', async () => {
      const testApi = createTestApi(database)
      const user = await staff()
      const browser = testApi.browser()
      await browser.post('/login', { email: user.email, password })
      const code = await testApi.latestCode(user.email)
      const wrong = code === '000000' ? '111111' : '000000'
      const first = await browser.post('/email/verify', { code: wrong })
      expect(first.status).toBe(422)
      expect((await readErrors(first)).code).toEqual(['That code is not right. 4 tries left.'])
      for (let attempt = 2; attempt <= 5; attempt++) await browser.post('/email/verify', { code: wrong })
      const dead = await browser.post('/email/verify', { code })
      expect(dead.status).toBe(429)
      expect(await dead.json()).toEqual({ message: 'Too many wrong codes. Ask for a new one.' })

      expect((await browser.post('/email/resend')).status).toBe(200)
      const fresh = await testApi.latestCode(user.email)
      expect((await browser.post('/email/verify', { code: fresh })).status).toBe(200)
    })

    it('refuses an expired code and a code used once already', async () => {
      const start = new Date()
      const testApi = createTestApi(database, { now: () => start })
      const user = await staff()
      const browser = testApi.browser()
      await browser.post('/login', { email: user.email, password })
      const code = await testApi.latestCode(user.email)
      testApi.setNow(new Date(start.getTime() + minutes(10) + 1000))
      const expired = await browser.post('/email/verify', { code })
      expect(expired.status).toBe(422)
      expect((await readErrors(expired)).code).toEqual(['This code has expired. Ask for a new one.'])

      testApi.setNow(start)
      const again = testApi.browser()
      await again.post('/login', { email: user.email, password })
      const second = await testApi.latestCode(user.email)
      expect((await again.post('/email/verify', { code: second })).status).toBe(200)
      const third = testApi.browser()
      await third.post('/login', { email: user.email, password })
      const reused = await third.post('/email/verify', { code: second })
      expect(reused.status).toBe(422)
    })

    it('limits new codes to one each 30 seconds, with Retry-After', async () => {
      const testApi = createTestApi(database)
      const user = await staff()
      const browser = testApi.browser()
      await browser.post('/login', { email: user.email, password })
      expect((await browser.post('/email/resend')).status).toBe(200)
      const refused = await browser.post('/email/resend')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    it('skips the code for 30 days on a browser the user chose to remember', async () => {
      const testApi = createTestApi(database)
      const user = await staff()
      const browser = testApi.browser()
      await browser.post('/login', { email: user.email, password })
      await browser.post('/email/verify', { code: await testApi.latestCode(user.email), remember: true })
      expect(browser.jar.has('gymbase_trusted_browser')).toBe(true)
      await browser.post('/logout')
      const again = await browser.post('/login', { email: user.email, password })
      expect(again.status).toBe(200)
      const elsewhere = await testApi.browser().post('/login', { email: user.email, password })
      expect(elsewhere.status).toBe(400)
    })
  })

  describe('sessions', () => {
    it('end after 12 idle hours, and after 7 days whatever the activity', async () => {
      let now = new Date()
      const testApi = createTestApi(database, { now: () => now })
      const { browser } = await signedInStaff(testApi)
      now = new Date(now.getTime() + minutes(11 * 60))
      expect((await browser.get('/me')).status).toBe(200)
      now = new Date(now.getTime() + minutes(12 * 60) + 1000)
      expect((await browser.get('/me')).status).toBe(401)

      now = new Date()
      const { browser: busy } = await signedInStaff(testApi)
      for (let hours = 11; hours < 7 * 24; hours += 11) {
        now = new Date(now.getTime() + minutes(11 * 60))
        expect((await busy.get('/me')).status).toBe(200)
      }
      now = new Date(now.getTime() + minutes(11 * 60))
      expect((await busy.get('/me')).status).toBe(401)
    })

    it('all end at once when the user is deactivated', async () => {
      const testApi = createTestApi(database)
      const { browser, user } = await signedInStaff(testApi)
      const second = testApi.browser()
      await second.post('/login', { email: user.email, password })
      await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id))
      expect((await browser.get('/me')).status).toBe(401)
      expect((await second.get('/me')).status).toBe(401)
      expect((await testApi.browser().post('/login', { email: user.email, password })).status).toBe(422)
    })
  })

  describe('passwords', () => {
    it('e-mails a single-use reset link to the right site, answering the same for unknown addresses', async () => {
      const testApi = createTestApi(database)
      const user = await staff()
      const known = await testApi.browser().post('/forgot-password', { email: user.email })
      const unknown = await testApi.browser().post('/forgot-password', { email: 'ghost@auth.test' })
      expect(known.status).toBe(200)
      expect(await known.json()).toEqual(await unknown.json())

      const mail = await testApi.latestMail(user.email)
      const link = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '')
      expect(link.host).toBe('console.localhost:3000')
      expect(link.pathname).toBe('/reset-password')
      const token = link.searchParams.get('token') ?? ''
      const newPassword = 'a brand new passphrase'

      const { browser: oldSession } = await signedInStaffFor(testApi, user.email)
      const reset = await testApi.browser().post('/reset-password', {
        token,
        email: user.email,
        password: newPassword,
        password_confirmation: newPassword,
      })
      expect(reset.status).toBe(200)
      expect((await oldSession.get('/me')).status).toBe(401)
      const reused = await testApi.browser().post('/reset-password', {
        token,
        email: user.email,
        password: 'yet another passphrase',
        password_confirmation: 'yet another passphrase',
      })
      expect(reused.status).toBe(422)
      expect((await readErrors(reused)).token).toEqual([
        'This link has expired or was already used. Ask for a new one.',
      ])
      expect(
        (await testApi.browser().post('/login', { email: user.email, password: newPassword })).status,
      ).toBe(400)
    })

    it("sends a member's reset link to the join site, and it dies after 60 minutes", async () => {
      let now = new Date()
      const testApi = createTestApi(database, { now: () => now })
      const user = await member()
      await testApi.browser({ origin: joinOrigin }).post('/forgot-password', { email: user.email })
      const link = new URL((await testApi.latestMail(user.email)).text.match(/https?:\/\/\S+/)?.[0] ?? '')
      expect(link.host).toBe('join.localhost:3000')
      now = new Date(now.getTime() + minutes(61))
      const late = await testApi.browser().post('/reset-password', {
        token: link.searchParams.get('token'),
        email: user.email,
        password: 'a brand new passphrase',
        password_confirmation: 'a brand new passphrase',
      })
      expect(late.status).toBe(422)
    })

    it('refuses short, mismatched and common passwords', async () => {
      const response = await createTestApi(database).browser().post('/reset-password', {
        token: 'x',
        email: 'a@auth.test',
        password: 'short',
        password_confirmation: 'different',
      })
      expect(await readErrors(response)).toEqual({
        password: ['Use at least 8 characters'],
        password_confirmation: ['The value must be equal to the other value'],
      })
      const common = await createTestApi(database).browser().post('/reset-password', {
        token: 'x',
        email: 'a@auth.test',
        password: 'password1',
        password_confirmation: 'password1',
      })
      expect(await readErrors(common)).toEqual({
        password: ['This password is too common. Choose another.'],
      })
    })

    it('sets a password from a staff invitation and signs the staff member in', async () => {
      const testApi = createTestApi(database)
      const { user: invited } = await createStaffUser({
        db: database.db,
        now: new Date(),
        organisationId: org.organisation.id,
        name: 'Tama Invited',
        email: nextEmail('invited'),
        organisationRole: null,
        gymRoles: [{ gymId: org.gyms[1]!.id, role: 'personal_trainer' }],
      })
      await inviteStaffMember({
        db: database.db,
        now: new Date(),
        organisationId: org.organisation.id,
        userId: invited.id,
        inviterName: 'Kiri Staff',
        mailer: createOutboxMailer({ db: database.db, driver: database.driver, close: async () => {} }),
        siteUrl: (site, path) => `http://${site}.localhost:3000${path}`,
      })
      const link = new URL((await testApi.latestMail(invited.email)).text.match(/https?:\/\/\S+/)?.[0] ?? '')
      expect(link.pathname).toBe('/set-password')
      const browser = testApi.browser()
      const set = await browser.post('/set-password', {
        token: link.searchParams.get('token'),
        email: invited.email,
        password: 'my first staff password',
        password_confirmation: 'my first staff password',
      })
      expect(set.status).toBe(200)
      const me = await readData(await browser.get('/me'), sessionUserSchema)
      expect(me).toMatchObject({
        id: invited.id,
        current_gym: { id: org.gyms[1]!.id, role: 'personal_trainer' },
      })
    })
  })

  describe('registration', () => {
    it('creates a signed-in member who must confirm the address with the e-mailed code', async () => {
      const testApi = createTestApi(database)
      const browser = testApi.browser({ origin: joinOrigin })
      const email = nextEmail('new')
      const registered = await browser.post('/register', {
        gym: org.gyms[0]!.uuid,
        name: 'Aroha Ngata',
        email,
        mobile_number: '021 555 0101',
        dob: '1994-05-17',
        password,
      })
      expect(registered.status).toBe(201)
      expect(await readData(registered, sessionUserSchema, 201)).toMatchObject({
        email,
        is_staff: false,
        profile_picture: null,
      })
      expect(await (await browser.get('/me')).json()).toMatchObject({ error: 'not_two_factor_authenticated' })
      const mail = await testApi.latestMail(email)
      expect(mail.subject).toContain('Confirm your email address')
      await browser.post('/email/verify', { code: await testApi.latestCode(email) })
      const me = await browser.get('/me')
      expect(me.status).toBe(200)
      expect((await readData(me, sessionUserSchema)).gyms).toEqual([
        { id: org.gyms[0]!.id, name: org.gyms[0]!.name, role: null },
      ])
    })

    it('refuses a taken address, a common password and missing fields', async () => {
      const testApi = createTestApi(database)
      const existing = await member()
      const taken = await testApi.browser({ origin: joinOrigin }).post('/register', {
        gym: org.gyms[0]!.uuid,
        name: 'Someone',
        email: existing.email.toUpperCase(),
        mobile_number: '021 555 0102',
        dob: '1990-01-01',
        password,
      })
      expect(await readErrors(taken)).toEqual({
        email: ['This e-mail address is already registered. Sign in instead.'],
      })
      const common = await testApi.browser({ origin: joinOrigin }).post('/register', {
        gym: org.gyms[0]!.uuid,
        name: 'Someone',
        email: nextEmail('common'),
        mobile_number: '021 555 0103',
        dob: '1990-01-01',
        password: 'iloveyou',
      })
      expect(await readErrors(common)).toEqual({
        password: ['This password is too common. Choose another.'],
      })
      const empty = await testApi.browser({ origin: joinOrigin }).post('/register', { email: 'x' })
      expect(await readErrors(empty)).toEqual({
        gym: ['Choose your gym'],
        name: ['Value is required'],
        email: ['Value is not a valid email address'],
        mobile_number: ['Value is required'],
        dob: ['Value is required'],
        password: ['Value is required'],
      })
    })

    it('refuses a day that does not exist and a date of birth in the future as invalid dates', async () => {
      const testApi = createTestApi(database)
      const dobError = async (dob: string) =>
        readErrors(
          await testApi.browser({ origin: joinOrigin }).post('/register', {
            gym: org.gyms[0]!.uuid,
            name: 'Dates',
            email: nextEmail('dates'),
            mobile_number: '021 555 0104',
            dob,
            password,
          }),
        )
      for (const dob of ['1990-02-31', '2001-02-29', '1990-13-01', '90-02-01', '3000-01-01']) {
        expect(await dobError(dob)).toEqual({ dob: ['Value is not a valid date'] })
      }
    })

    it('answers whether an address is free at the gym’s organisation', async () => {
      const testApi = createTestApi(database)
      const existing = await member()
      const check = async (email: string, gym: string) =>
        readData(
          await testApi.browser({ origin: joinOrigin }).post('/unique-email', { email, gym }),
          uniqueEmailResponseSchema,
        )
      expect(await check(existing.email, org.gyms[0]!.uuid)).toEqual({ unique: false })
      expect(await check(existing.email, other.gyms[0]!.uuid)).toEqual({ unique: true })
      expect(await check(nextEmail('free'), org.gyms[0]!.uuid)).toEqual({ unique: true })
    })

    it('lists the gyms a visitor can join, with their organisation', async () => {
      const list = await readData(
        await createTestApi(database).browser().get('/join/gyms'),
        z.array(joinGymSchema),
      )
      expect(list).toEqual(
        expect.arrayContaining([
          { uuid: org.gyms[0]!.uuid, name: 'Ponsonby', organisation_name: org.organisation.name, logo: null },
          {
            uuid: other.gyms[0]!.uuid,
            name: other.gyms[0]!.name,
            organisation_name: 'Other Gym Co',
            logo: null,
          },
        ]),
      )
    })
  })

  describe('abuse limits', () => {
    it('holds back guessing one account from one address without locking the account elsewhere', async () => {
      const testApi = createTestApi(database)
      const user = await staff()
      const attacker = testApi.browser({ ip: '192.0.2.66' })
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect(
          (await attacker.post('/login', { email: user.email, password: `guess ${attempt}` })).status,
        ).toBe(422)
      }
      const blocked = await attacker.post('/login', { email: user.email, password })
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60)
      const owner = testApi.browser({ ip: '192.0.2.10' })
      expect((await owner.post('/login', { email: user.email, password })).status).toBe(400)
    })

    it('limits forgot-password per address of the caller', async () => {
      const testApi = createTestApi(database)
      const caller = testApi.browser({ ip: '192.0.2.77' })
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await caller.post('/forgot-password', { email: `x${attempt}@auth.test` })).status).toBe(200)
      }
      expect((await caller.post('/forgot-password', { email: 'x6@auth.test' })).status).toBe(429)
    })
  })

  describe('CSRF', () => {
    it('refuses a state-changing call without X-Requested-With or from another origin', async () => {
      const testApi = createTestApi(database)
      const bare = await testApi.api.fetch(
        new Request(`${consoleOrigin}/api/logout`, { method: 'POST', headers: { Origin: consoleOrigin } }),
      )
      expect(bare.status).toBe(403)
      expect(await bare.json()).toEqual({
        message: 'This request was refused because it did not come from a Gymbase page.',
      })
      const evil = await testApi.browser({ origin: 'https://evil.example' }).post('/forgot-password', {
        email: 'a@auth.test',
      })
      expect(evil.status).toBe(403)
      const read = await testApi.api.fetch(new Request(`${consoleOrigin}/api/health`))
      expect(read.status).toBe(200)
    })
  })

  async function signedInStaffFor(testApi: ReturnType<typeof createTestApi>, email: string) {
    const browser = testApi.browser()
    await browser.post('/login', { email, password })
    await browser.post('/email/verify', { code: await testApi.latestCode(email) })
    return { browser }
  }
})
