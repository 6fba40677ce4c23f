import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import {
  accountDetailsSchema,
  closureAlreadyAskedMessage,
  memberClosureRequestSchema,
  wrongPasswordMessage,
} from '~/contracts/account-details'
import { sessionUserSchema } from '~/contracts/auth'
import { auditLog, mailOutbox, subscriptions, users } from '~/db/schema'
import { z } from '~/lib/validation'
import { emailTakenMessage } from '~/server/services/users/assert-email-available.server'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
import { createTestApi, joinOrigin, type TestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { joinedCardMembership, memberPassword } from '../support/join'
import { signInStaff } from '../support/sign-in'

const now = new Date('2026-03-16T21:00:00Z')

const contact = {
  mobile_number: '022 555 0199',
  address: '1 Queen Street',
  suburb: 'CBD',
  city: 'Auckland',
  post_code: '1010',
  emergency_contact_name: 'Aroha Smith',
  emergency_contact_relationship: 'Partner',
  emergency_contact_mobile_number: '021 555 0123',
  emergency_contact_email: 'aroha@example.nz',
}

describeEachDatabase('The member’s details on their account (issue 28)', (database) => {
  let org: TestOrganisation
  let priceId: number
  let count = 0

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, gymNames: ['Ponsonby'] })
    const { price } = await createTestPrice({
      db: database.db,
      organisationId: org.organisation.id,
      gymIds: [org.gyms[0]!.id],
      amount: 2500,
      joiningFee: 0,
    })
    priceId = price.id
  })

  async function joined(testApi: TestApi, tag: string) {
    count += 1
    const email = `details-${tag}-${count}-${process.pid}@members.test`
    const result = await joinedCardMembership(testApi, {
      db: database.db,
      organisation: org,
      priceId,
      startDate: '2026-03-17',
      now,
      member: { gymUuid: org.gyms[0]!.uuid, name: `Details ${tag}`, email, ip: `203.0.113.${100 + count}` },
    })
    return { ...result, email }
  }

  /** Another browser signed in as the same member (their phone beside their laptop). */
  async function secondDevice(testApi: TestApi, email: string, password = memberPassword) {
    count += 1
    const browser = testApi.browser({ origin: joinOrigin, ip: `198.51.100.${100 + count}` })
    const login = await browser.post('/login', { email, password })
    expect(login.status, await login.clone().text()).toBe(200)
    return browser
  }

  async function historyOf(memberId: number) {
    return database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'member'), eq(auditLog.subjectId, memberId)))
      .orderBy(desc(auditLog.id))
  }

  it('changes the mobile, address and emergency contact, shows them at once, and writes the member’s history line', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me } = await joined(testApi, 'contact')
    const saved = await readData(
      await browser.request('PUT', '/me/contact-details', { body: contact }),
      accountDetailsSchema,
    )
    expect(saved).toMatchObject(contact)
    expect(await readData(await browser.get('/me/account-details'), accountDetailsSchema)).toMatchObject(
      contact,
    )
    const [line] = await historyOf(me.id)
    expect(line).toMatchObject({ action: 'member.details_changed_by_member', actorUserId: me.id })
    expect(String(line?.changes.description)).toContain('mobile')
    // "About you"'s rules and words.
    const refused = await browser.request('PUT', '/me/contact-details', {
      body: { ...contact, post_code: '12', emergency_contact_email: 'nope', mobile_number: 'x' },
    })
    expect(await readErrors(refused)).toEqual({
      mobile_number: ['Value is not a valid phone number'],
      post_code: ['Enter the 4-digit post code.'],
      emergency_contact_email: ['Value is not a valid email address'],
    })
    const staff = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
    expect((await staff.request('PUT', '/me/contact-details', { body: contact })).status).toBe(403)
    expect((await testApi.browser().get('/me/account-details')).status).toBe(401)
  })

  it('changes the e-mail only when the link sent to the new address is opened; the old address is told', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me, email } = await joined(testApi, 'email')
    const other = await joined(testApi, 'taken')
    const newEmail = `new-${count}-${process.pid}@members.test`

    const wrong = await browser.post('/me/email-change', { email: newEmail, password: 'not my password' })
    expect(await readErrors(wrong)).toEqual({ password: [wrongPasswordMessage] })
    const taken = await browser.post('/me/email-change', {
      email: other.email.toUpperCase(),
      password: memberPassword,
    })
    expect(await readErrors(taken)).toEqual({ email: [emailTakenMessage] })

    const waiting = await readData(
      await browser.post('/me/email-change', { email: newEmail, password: memberPassword }),
      accountDetailsSchema,
    )
    expect(waiting).toMatchObject({ email, pending_email: newEmail })
    const link = await testApi.latestMail(newEmail)
    expect(link.subject).toContain('Confirm your new e-mail address')
    const url = new URL(link.text.match(/https?:\/\/\S+/)?.[0] ?? '')
    expect(url.pathname).toBe('/confirm-email')
    const token = url.searchParams.get('token') ?? ''
    // The old address is told in plain words, with nothing to press.
    const notice = await testApi.latestMail(email)
    expect(notice.text).toContain(newEmail)
    expect(notice.text).toContain("If this wasn't you, contact")
    expect(notice.text).not.toMatch(/https?:\/\//)
    expect(notice.memberId).toBe(me.id)
    // Nothing changes before the link is opened.
    const [before] = await database.db.select().from(users).where(eq(users.id, me.id))
    expect(before?.email).toBe(email)

    // Opened signed out (another phone, another browser).
    const confirmed = await testApi.browser({ origin: joinOrigin }).post('/email-change/confirm', {
      token,
      email: newEmail,
    })
    expect(await readMessage(confirmed, 'success')).toContain('has been changed')
    const [after] = await database.db.select().from(users).where(eq(users.id, me.id))
    expect(after).toMatchObject({ email: newEmail, pendingEmail: null })
    expect((await historyOf(me.id))[0]).toMatchObject({
      action: 'member.email_changed_by_member',
      actorUserId: me.id,
    })
    // The same link twice: used.
    const again = await testApi
      .browser({ origin: joinOrigin })
      .post('/email-change/confirm', { token, email: newEmail })
    expect(await readErrors(again)).toHaveProperty('token')
    // The session goes on, under the new address.
    expect((await readData(await browser.get('/me'), sessionUserSchema)).email).toBe(newEmail)
  })

  it('sends the link again at most five times an hour, then says when it can go again', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser } = await joined(testApi, 'resends')
    const newEmail = `resends-${count}-${process.pid}@members.test`
    await browser.post('/me/email-change', { email: newEmail, password: memberPassword })
    for (let resend = 1; resend <= 5; resend += 1) {
      expect((await browser.post('/me/email-change/resend')).status).toBe(200)
    }
    const refused = await browser.post('/me/email-change/resend')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await readMessage(refused)).toMatch(
      new RegExp(
        `^The link has gone to ${newEmail.replace(/[.]/g, '\\.')} several times this hour\\. .* send it again in \\d+ minutes?\\.$`,
      ),
    )
    // The first link and five more: nothing was sent for the refused press.
    const sent = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, newEmail))
    expect(sent).toHaveLength(6)
  })

  it('an expired, resent or cancelled link does nothing; the address waits until then', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me, email } = await joined(testApi, 'expired')
    const newEmail = `later-${count}-${process.pid}@members.test`
    await browser.post('/me/email-change', { email: newEmail, password: memberPassword })
    const first = new URL((await testApi.latestMail(newEmail)).text.match(/https?:\/\/\S+/)?.[0] ?? '')
    // Sent again: the first link stops working.
    await readData(await browser.post('/me/email-change/resend'), accountDetailsSchema)
    const second = new URL((await testApi.latestMail(newEmail)).text.match(/https?:\/\/\S+/)?.[0] ?? '')
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'))
    const stale = await testApi
      .browser({ origin: joinOrigin })
      .post('/email-change/confirm', { token: first.searchParams.get('token'), email: newEmail })
    expect(stale.status).toBe(422)
    // An hour and a minute later the second is out of date too.
    testApi.setNow(new Date(now.getTime() + 61 * 60_000))
    const late = await testApi
      .browser({ origin: joinOrigin })
      .post('/email-change/confirm', { token: second.searchParams.get('token'), email: newEmail })
    expect(await readErrors(late)).toHaveProperty('token')
    testApi.setNow(now)
    // Cancelled: nothing waits, and a new link sent before is dead.
    await browser.post('/me/email-change/resend')
    const third = new URL((await testApi.latestMail(newEmail)).text.match(/https?:\/\/\S+/)?.[0] ?? '')
    const cancelled = await readData(
      await browser.request('DELETE', '/me/email-change'),
      accountDetailsSchema,
    )
    expect(cancelled).toMatchObject({ email, pending_email: null })
    const dead = await testApi
      .browser({ origin: joinOrigin })
      .post('/email-change/confirm', { token: third.searchParams.get('token'), email: newEmail })
    expect(dead.status).toBe(422)
    expect((await browser.post('/me/email-change/resend')).status).toBe(409)
    const [row] = await database.db.select().from(users).where(eq(users.id, me.id))
    expect(row?.email).toBe(email)
  })

  it('changes the password with the current one: other devices are signed out, this one kept', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me, email } = await joined(testApi, 'password')
    const phone = await secondDevice(testApi, email)
    const body = {
      current_password: 'wrong one',
      password: 'a new long passphrase',
      password_confirmation: 'a new long passphrase',
    }
    expect(await readErrors(await browser.request('PUT', '/me/password', { body }))).toEqual({
      current_password: ['That is not your current password.'],
    })
    const mismatch = await browser.request('PUT', '/me/password', {
      body: { ...body, current_password: memberPassword, password_confirmation: 'something else' },
    })
    expect(await readErrors(mismatch)).toEqual({
      password_confirmation: ['The value must be equal to the other value'],
    })
    const changed = await browser.request('PUT', '/me/password', {
      body: { ...body, current_password: memberPassword },
    })
    expect(await readMessage(changed, 'success')).toContain('signed out')
    expect((await browser.get('/me')).status).toBe(200)
    expect((await phone.get('/me')).status).toBe(401)
    await secondDevice(testApi, email, 'a new long passphrase')
    expect(
      (await historyOf(me.id)).some(
        (line) => line.action === 'member.password_changed_by_member' && line.actorUserId === me.id,
      ),
    ).toBe(true)
  })

  it('signs out of every device, this one included', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me, email } = await joined(testApi, 'everywhere')
    const phone = await secondDevice(testApi, email)
    expect((await browser.post('/me/sign-out-everywhere')).status).toBe(204)
    expect((await browser.get('/me')).status).toBe(401)
    expect((await phone.get('/me')).status).toBe(401)
    expect((await historyOf(me.id))[0]).toMatchObject({
      action: 'member.signed_out_everywhere',
      actorUserId: me.id,
    })
  })

  it('downloads everything held about the member, as JSON and CSV, and nothing of another member', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me, email } = await joined(testApi, 'export')
    const other = await joined(testApi, 'stranger')
    await browser.request('PUT', '/me/contact-details', { body: contact })

    const json = await browser.get('/me/data-export?format=json')
    expect(json.status).toBe(200)
    expect(json.headers.get('content-disposition')).toMatch(
      /^attachment; filename="gymbase-your-data-2026-03-1\d\.json"$/,
    )
    const text = await json.text()
    const data = z
      .object({
        profile: z.array(z.object({ email: z.string(), name: z.string(), mobile_number: z.string() })),
        memberships: z.array(z.object({ id: z.number(), offering: z.string() })),
        pauses: z.array(z.unknown()),
        payments: z.array(z.object({ amount: z.number(), status: z.string() })),
        payment_methods: z.array(
          z.object({ last_four: z.string().nullable(), brand: z.string().nullable() }),
        ),
        visits: z.array(z.unknown()),
        agreements: z.array(z.unknown()),
        history: z.array(z.object({ description: z.string(), by: z.string() })),
        emails: z.array(z.object({ subject: z.string(), created_at: z.string() })),
        closure_requests: z.array(z.unknown()),
      })
      .parse(JSON.parse(text))
    expect(data.profile).toEqual([expect.objectContaining({ email, mobile_number: contact.mobile_number })])
    expect(data.memberships).toHaveLength(1)
    expect(data.payments.length).toBeGreaterThan(0)
    expect(data.payment_methods).toEqual([expect.objectContaining({ last_four: '4242' })])
    expect(data.history.some((line) => line.by === 'you')).toBe(true)
    expect(data.emails.some((mail) => mail.subject.length > 0)).toBe(true)
    // Never a full card number, nothing of the other member.
    expect(text).not.toMatch(/4242\s?4242/)
    expect(text).not.toContain(other.email)
    expect(text).not.toContain(other.me.name)
    expect(text).not.toContain('password')

    const csv = await browser.get('/me/data-export?format=csv')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const file = await csv.text()
    expect(file.replace(/^\uFEFF/, '').split('\r\n')[0] ?? file.split('\n')[0]).toMatch(
      /^section,record,field,value/,
    )
    expect(file).toContain(`profile,1,email,${email}`)
    expect(file).toContain('payment_methods,1,last_four,4242')
    expect(file).not.toContain(other.email)
    expect((await browser.get('/me/data-export?format=xml')).status).toBe(422)
    expect((await historyOf(me.id))[0]).toMatchObject({ action: 'member.data_exported', actorUserId: me.id })
  })

  it('asks once for the account to be closed; staff see it with what is owed and mark it handled', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me, subscription } = await joined(testApi, 'closure')
    await database.db
      .update(subscriptions)
      .set({ balanceOwing: 2500 })
      .where(eq(subscriptions.id, subscription.id))
    const asked = await readData(
      await browser.post('/me/closure-request', { reason: 'Moving to Wellington' }),
      accountDetailsSchema,
    )
    expect(asked.closure_request).toMatchObject({ reason: 'Moving to Wellington' })
    const twice = await browser.post('/me/closure-request', { reason: '' })
    expect(twice.status).toBe(409)
    expect(await readMessage(twice)).toBe(closureAlreadyAskedMessage)

    const staff = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
    const seen = await readData(
      await staff.get(`/members/${me.id}/closure-request`),
      memberClosureRequestSchema.nullable(),
    )
    expect(seen).toMatchObject({
      reason: 'Moving to Wellington',
      owing_when_requested: 2500,
      owing_now: 2500,
    })
    // A member never reaches the console's view.
    expect((await browser.get(`/members/${me.id}/closure-request`)).status).toBe(403)

    // Withdrawn, then asked again without a reason; staff handle it.
    expect(
      (await readData(await browser.request('DELETE', '/me/closure-request'), accountDetailsSchema))
        .closure_request,
    ).toBeNull()
    expect(
      (await readData(await browser.post('/me/closure-request', { reason: '' }), accountDetailsSchema))
        .closure_request,
    ).toMatchObject({ reason: null })
    expect((await staff.post(`/members/${me.id}/closure-request/handle`)).status).toBe(200)
    expect(
      await readData(
        await staff.get(`/members/${me.id}/closure-request`),
        memberClosureRequestSchema.nullable(),
      ),
    ).toBeNull()
    expect((await staff.post(`/members/${me.id}/closure-request/handle`)).status).toBe(409)
    expect(
      (await readData(await browser.get('/me/account-details'), accountDetailsSchema)).closure_request,
    ).toBeNull()

    const actions = (await historyOf(me.id)).map((line) => [line.action, line.actorUserId === me.id])
    expect(actions).toEqual(
      expect.arrayContaining([
        ['member.closure_requested', true],
        ['member.closure_withdrawn', true],
        ['member.closure_handled', false],
      ]),
    )
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.memberId, me.id))
    expect(mails.length).toBeGreaterThan(0)
  })
})
