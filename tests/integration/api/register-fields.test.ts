import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import { registerFieldsSchema } from '~/contracts/join'
import { users } from '~/db/schema'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff } from '../support/sign-in'

const now = new Date('2026-03-16T21:00:00Z')

const answers = {
  address: '12 Ponsonby Road',
  suburb: '',
  city: 'Auckland',
  post_code: '1011',
  emergency_contact_name: 'Mere Ngata',
  emergency_contact_relationship: 'Sister',
  emergency_contact_mobile_number: '021 555 0111',
  emergency_contact_email: '',
  confidence_and_experience: ['been_but_stopped_going'],
  hear_about_us: ['friend', 'other'],
  hear_about_us_other: 'The radio',
  email_notifications_enabled: false,
  push_notifications_enabled: true,
  payment_reminders: true,
}

describeEachDatabase('PUT /me/register-fields', (database) => {
  let org: TestOrganisation

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, gymNames: ['Ponsonby'] })

    // Gyms take sign-ups once they have a price on sale (issue 25).
    for (const organisation of [org]) {
      await createTestPrice({
        db: database.db,
        organisationId: organisation.organisation.id,
        gymIds: organisation.gyms.map((gym) => gym.id),
      })
    }
  })

  async function member(testApi: ReturnType<typeof createTestApi>, tag: string) {
    const browser = testApi.browser({ origin: joinOrigin, ip: `203.0.113.${tag.length + 40}` })
    const email = `about-${tag}-${process.pid}@members.test`
    await browser.post('/register', {
      gym: org.gyms[0]!.uuid,
      name: 'About Member',
      email,
      mobile_number: '021 555 0100',
      dob: '1990-04-05',
      password: 'a long enough passphrase',
    })
    await browser.post('/email/verify', { code: await testApi.latestCode(email) })
    return { browser, email }
  }

  it('keeps a member’s answers, blank optional ones as none, and moves them on to the photo', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, email } = await member(testApi, 'keeps')
    expect((await readData(await browser.get('/me'), sessionUserSchema)).register_fields_completed).toBe(
      false,
    )
    const saved = await readData(
      await browser.request('PUT', '/me/register-fields', { body: answers }),
      sessionUserSchema,
    )
    expect(saved.register_fields_completed).toBe(true)
    const [row] = await database.db.select().from(users).where(eq(users.email, email))
    expect(row).toMatchObject({
      address: '12 Ponsonby Road',
      suburb: null,
      postCode: '1011',
      emergencyContactEmail: null,
      hearAboutUs: ['friend', 'other'],
      hearAboutUsOther: 'The radio',
      emailNotificationsEnabled: false,
      registerFieldsCompletedAt: now,
    })
    // Going back to the step shows the answers as saved.
    expect(await readData(await browser.get('/me/register-fields'), registerFieldsSchema)).toEqual(answers)
  })

  it('refuses missing and malformed answers in words, and "other" without where', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser } = await member(testApi, 'refuses')
    const refused = await browser.request('PUT', '/me/register-fields', {
      body: {
        ...answers,
        address: ' ',
        post_code: '101',
        hear_about_us_other: '',
        emergency_contact_email: 'nope',
      },
    })
    expect(await readErrors(refused)).toEqual({
      address: ['Value is required'],
      post_code: ['Enter the 4-digit post code.'],
      emergency_contact_email: ['Value is not a valid email address'],
      hear_about_us_other: ['Tell us where you heard about us.'],
    })
    const unknown = await browser.request('PUT', '/me/register-fields', {
      body: { ...answers, hear_about_us: ['billboard'] },
    })
    expect(unknown.status).toBe(422)
  })

  it('is the member’s own: staff are refused, a guest must sign in', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const staff = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
    expect((await staff.request('PUT', '/me/register-fields', { body: answers })).status).toBe(403)
    expect((await testApi.browser().request('PUT', '/me/register-fields', { body: answers })).status).toBe(
      401,
    )
  })
})
