import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import { staffExistsSchema, staffMemberSchema } from '~/contracts/staff'
import { auditLog, sessions, users, visits } from '~/db/schema'
import { z } from '~/lib/validation'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage, readPage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-05-20T01:00:00Z')
const withMessage = z.object({ data: staffMemberSchema, message: z.string() })

/** The organisation's staff (issue 17): the list, one member, invite, resend, roles and deactivation. */
describeEachDatabase('staff API', (database) => {
  const api = createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, api, now, organisation: () => org })
  let org: TestOrganisation
  let other: TestOrganisation
  let owner: TestBrowser
  let ownerId: number
  let albanyAdmin: TestBrowser
  let botanyTrainer: TestBrowser
  let invites = 0

  const base = () => `/organisations/${org.organisation.id}`
  const nextEmail = (name: string) => {
    invites += 1
    return `${name.toLowerCase()}-${invites}-${process.pid}@staff.test`
  }
  const me = async (browser: TestBrowser) => readData(await browser.get('/me'), sessionUserSchema)

  async function invite(body: Record<string, unknown>, by: TestBrowser = owner) {
    const response = await by.post(`${base()}/staff`, body)
    const answer = await readData(response, staffMemberSchema, 201)
    return answer
  }

  /** Finishes an invitation from its e-mail and signs in with the code, like the person would. */
  async function accept(email: string) {
    const mail = await api.latestMail(email)
    const link = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '')
    const browser = api.browser({ ip: `203.0.113.${invites % 250}` })
    const set = await browser.post('/set-password', {
      token: link.searchParams.get('token'),
      email,
      password: 'a long staff password',
      password_confirmation: 'a long staff password',
    })
    expect(set.status, await set.clone().text()).toBe(200)
    return browser
  }

  beforeAll(async () => {
    const db = database.db
    org = await createTestOrganisation({
      db,
      now,
      name: 'Staff Room Fitness',
      gymNames: ['Albany', 'Botany'],
    })
    other = await createTestOrganisation({ db, now, gymNames: ['Elsewhere'] })
    owner = await signIn({ admin: true })
    ownerId = (await me(owner)).id
    albanyAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    botanyTrainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
  })

  it('invites a staff member with a role per gym: the e-mail’s link sets their password and signs them in', async () => {
    const email = nextEmail('Aroha')
    const created = await invite({
      inviting: true,
      name: 'Aroha Invited',
      email,
      role: -1,
      gyms: [
        { id: org.gyms[0]!.id, role: 'admin' },
        { id: org.gyms[1]!.id, role: 'personal_trainer' },
      ],
    })
    expect(created).toMatchObject({
      name: 'Aroha Invited',
      email,
      role: -1,
      gyms: [
        { id: org.gyms[0]!.id, name: 'Albany', role: 'admin' },
        { id: org.gyms[1]!.id, name: 'Botany', role: 'personal_trainer' },
      ],
      pending_invite: 1,
      access_enabled: false,
      visits_count: 0,
      deleted_at: null,
    })
    const mail = await api.latestMail(email)
    expect(mail.subject).toBe('You’re invited to join Staff Room Fitness on Gymbase'.replace('’', "'"))
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invited'), eq(auditLog.subjectId, created.id)))
    expect(audit?.actorUserId).toBe(ownerId)

    const browser = await accept(email)
    const session = await me(browser)
    expect(session.gyms.map((gym) => [gym.name, gym.role])).toEqual([
      ['Albany', 'admin'],
      ['Botany', 'personal_trainer'],
    ])
    const accepted = await readData(await owner.get(`/staff/${created.id}`), staffMemberSchema)
    expect(accepted).toMatchObject({ pending_invite: 0, access_enabled: true })
  })

  it('invites by address alone, as an organisation admin or a trainer at every gym', async () => {
    const admin = await invite({ email: nextEmail('boss'), role: 'admin' })
    expect(admin).toMatchObject({ role: 'admin', gyms: [], pending_invite: 1 })
    expect(admin.name).toMatch(/^boss-/)
    const trainer = await invite({
      name: 'Everywhere Trainer',
      email: nextEmail('pt'),
      role: 'personal_trainer',
    })
    expect(trainer.role).toBe('personal_trainer')
    expect(trainer.gyms.map((gym) => gym.role)).toEqual(['personal_trainer', 'personal_trainer'])
    // Added without an invitation: no e-mail, nothing pending.
    const quiet = await invite({
      inviting: false,
      name: 'Quiet Add',
      email: nextEmail('quiet'),
      role: 'admin',
    })
    expect(quiet.pending_invite).toBe(0)
  })

  it('refuses bad input with SPEC §5’s words', async () => {
    expect(await readErrors(await owner.post(`${base()}/staff`, {}))).toEqual({
      email: ['Value is required'],
      role: ['Value is required'],
    })
    expect(
      await readErrors(
        await owner.post(`${base()}/staff`, { inviting: false, email: 'not-an-address', role: 'x' }),
      ),
    ).toEqual({
      email: ['Value is not a valid email address'],
      role: ['Value must be one of: admin, personal_trainer, -1'],
      name: ['Value is required'],
    })
    expect(
      await readErrors(await owner.post(`${base()}/staff`, { email: nextEmail('none'), role: -1, gyms: [] })),
    ).toEqual({ gyms: ['Give them a role at one gym at least'] })
    expect(
      await readErrors(
        await owner.post(`${base()}/staff`, {
          email: nextEmail('elsewhere'),
          role: -1,
          gyms: [{ id: other.gyms[0]!.id, role: 'admin' }],
        }),
      ),
    ).toEqual({ gyms: ['The selected gym is invalid.'] })
    const taken = nextEmail('taken')
    await invite({ email: taken, role: 'admin' })
    expect(
      await readErrors(await owner.post(`${base()}/staff`, { email: taken.toUpperCase(), role: 'admin' })),
    ).toEqual({ email: ['The email has already been taken.'] })
    // Hostile input is a 4xx in words, never a 5xx.
    for (const body of [
      { email: `${'a'.repeat(100_000)}@x.nz`, role: 'admin' },
      { email: 'nul\u0000@x.nz', role: 'admin' },
      { email: nextEmail('id'), role: -1, gyms: [{ id: 2_147_483_648, role: 'admin' }] },
      { email: nextEmail('name'), name: 'x'.repeat(100_000), role: 'admin' },
    ]) {
      const response = await owner.post(`${base()}/staff`, body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422)
    }
    const notJson = await owner.request('POST', `${base()}/staff`, {
      rawBody: '{nope',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(notJson.status).toBe(400)
    expect((await owner.get('/staff/2147483648')).status).toBe(404)
    expect((await owner.request('PUT', '/staff/abc', { body: { role: 'admin' } })).status).toBe(404)
  })

  it('says whether an address is already used in the organisation', async () => {
    const email = nextEmail('exists')
    const created = await invite({ email, role: 'admin' })
    const found = await readData(
      await owner.post(`${base()}/staff-exists`, { email: email.toUpperCase() }),
      staffExistsSchema,
    )
    expect(found).toEqual({
      exists: true,
      staff_id: created.id,
      message: 'This address already belongs to one of your staff.',
    })
    const free = await readData(
      await owner.post(`${base()}/staff-exists`, { email: nextEmail('free') }),
      staffExistsSchema,
    )
    expect(free).toEqual({ exists: false, staff_id: null, message: null })
    expect(await readErrors(await owner.post(`${base()}/staff-exists`, { email: '' }))).toEqual({
      email: ['Value is required'],
    })
  })

  it('lists staff by page with search, status and gym filters, and counts their visits', async () => {
    const email = nextEmail('listed')
    const listed = await invite({
      name: 'Zed Listed',
      email,
      role: -1,
      gyms: [{ id: org.gyms[1]!.id, role: 'admin' }],
    })
    await database.db.insert(visits).values([
      { organisationId: org.organisation.id, gymId: org.gyms[1]!.id, userId: listed.id, visitedAt: now },
      { organisationId: org.organisation.id, gymId: org.gyms[1]!.id, userId: listed.id, visitedAt: now },
      {
        organisationId: org.organisation.id,
        gymId: org.gyms[1]!.id,
        userId: listed.id,
        visitedAt: now,
        successful: false,
      },
    ])
    const page = await readPage(await owner.get(`${base()}/staff?search=zed%20list`), staffMemberSchema)
    expect(page.data.map((row) => [row.name, row.visits_count, row.pending_invite])).toEqual([
      ['Zed Listed', 2, 1],
    ])
    expect(page.meta.total).toBe(1)
    const invited = await readPage(
      await owner.get(`${base()}/staff?status=invited&per_page=100`),
      staffMemberSchema,
    )
    expect(invited.data.every((row) => row.pending_invite > 0)).toBe(true)
    const botany = await readPage(
      await owner.get(`${base()}/staff?gym_id=${org.gyms[1]!.id}&per_page=100`),
      staffMemberSchema,
    )
    expect(botany.data.map((row) => row.id)).toContain(listed.id)
    expect(botany.data.every((row) => row.gyms.some((gym) => gym.id === org.gyms[1]!.id))).toBe(true)
    const paged = await readPage(
      await owner.get(`${base()}/staff?per_page=2&page=2&sort=-created_at`),
      staffMemberSchema,
    )
    expect(paged.meta).toMatchObject({ current_page: 2, per_page: 2 })
    expect(paged.data).toHaveLength(2)
    expect((await owner.get(`${base()}/staff?sort=nonsense`)).status).toBe(422)
    expect((await owner.get(`${base()}/staff?per_page=1000`)).status).toBe(422)
  })

  it('lets a gym admin read one colleague of their gyms but list nobody; trainers and other organisations see none', async () => {
    const atBotany = await invite({
      email: nextEmail('botany'),
      role: -1,
      gyms: [{ id: org.gyms[1]!.id, role: 'admin' }],
    })
    const atAlbany = await invite({
      email: nextEmail('albany'),
      role: -1,
      gyms: [
        { id: org.gyms[0]!.id, role: 'personal_trainer' },
        { id: org.gyms[1]!.id, role: 'admin' },
      ],
    })
    // The organisation's staff list is the Staff screens' (the Organisation group): organisation admins only.
    expect(await readMessage(await albanyAdmin.get(`${base()}/staff?per_page=100`), 403)).toBe(
      'This action is unauthorized.',
    )
    // One colleague at a gym they run, with only the roles at the gyms they run.
    const shown = await readData(await albanyAdmin.get(`/staff/${atAlbany.id}`), staffMemberSchema)
    expect(shown.gyms.map((gym) => gym.name)).toEqual(['Albany'])
    expect(await readMessage(await albanyAdmin.get(`/staff/${atBotany.id}`), 404)).toBe(
      'Staff member not found.',
    )
    // They change nobody.
    expect((await albanyAdmin.request('DELETE', `/staff/${atAlbany.id}`)).status).toBe(403)
    expect((await albanyAdmin.post(`/staff/${atAlbany.id}/resend-invitation`)).status).toBe(403)
    expect(
      (await albanyAdmin.request('PUT', `/staff/${atAlbany.id}`, { body: { role: 'admin' } })).status,
    ).toBe(403)
    expect((await albanyAdmin.post(`${base()}/staff`, { email: nextEmail('x'), role: 'admin' })).status).toBe(
      403,
    )
    expect((await albanyAdmin.post(`${base()}/staff-exists`, { email: nextEmail('x') })).status).toBe(403)
    // Trainers see no staff records.
    expect(await readMessage(await botanyTrainer.get(`${base()}/staff`), 403)).toBe(
      'This action is unauthorized.',
    )
    expect((await botanyTrainer.get(`/staff/${atBotany.id}`)).status).toBe(403)
    // Another organisation: the organisation and its staff are unknown, word for word like a missing one.
    const stranger = await signIn({ org: other, admin: true })
    expect(await readMessage(await stranger.get(`${base()}/staff`), 404)).toBe('Organisation not found.')
    expect(await readMessage(await stranger.get(`/staff/${atBotany.id}`), 404)).toBe(
      'Staff member not found.',
    )
    expect((await stranger.request('DELETE', `/staff/${atBotany.id}`)).status).toBe(404)
    expect((await stranger.post(`/staff/${atBotany.id}/resend-invitation`)).status).toBe(404)
    expect((await stranger.post(`${base()}/staff`, { email: nextEmail('x'), role: 'admin' })).status).toBe(
      404,
    )
    expect((await api.browser().get(`${base()}/staff`)).status).toBe(401)
  })

  it('resends a pending invitation, at most one a minute, refused in words', async () => {
    const email = nextEmail('resend')
    const created = await invite({ email, role: 'admin' })
    const firstLink = (await api.latestMail(email)).text
    // The invitation itself was just sent: a resend this minute is one too many.
    const refused = await owner.post(`/staff/${created.id}/resend-invitation`)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await readMessage(refused, 429)).toMatch(
      new RegExp(
        `^An invitation went to ${email.replace(/[.+]/g, '\\$&')} a moment ago\\. You can send another in \\d+ (seconds?|minutes?)\\.$`,
      ),
    )
    // A minute on (the limiter's own clock), it goes, and only the new link works.
    await database.db.execute(
      `delete from rate_limits where key like 'staffInvitationBurst:staff:${created.id}'`,
    )
    const resent = await owner.post(`/staff/${created.id}/resend-invitation`)
    expect(await readMessage(resent, 200)).toBe(`A new invitation is on its way to ${email}.`)
    expect((await api.latestMail(email)).text).not.toBe(firstLink)
    expect((await readData(await owner.get(`/staff/${created.id}`), staffMemberSchema)).pending_invite).toBe(
      2,
    )
    await accept(email)
    expect(await readMessage(await owner.post(`/staff/${created.id}/resend-invitation`), 409)).toMatch(
      /has already accepted their invitation and can sign in\.$/,
    )
  })

  it('changes roles per gym, audited; the new roles change what they may use', async () => {
    const email = nextEmail('roles')
    const created = await invite({
      email,
      role: -1,
      gyms: [{ id: org.gyms[0]!.id, role: 'personal_trainer' }],
    })
    const browser = await accept(email)
    expect((await browser.get('/payments')).status).toBe(403)
    const changed = await owner.request('PUT', `/staff/${created.id}`, {
      body: {
        role: -1,
        gyms: [
          { id: org.gyms[0]!.id, role: 'admin' },
          { id: org.gyms[1]!.id, role: 'personal_trainer' },
        ],
      },
    })
    const answer = withMessage.parse(await changed.json())
    expect(changed.status).toBe(200)
    expect(answer.data.gyms.map((gym) => [gym.name, gym.role])).toEqual([
      ['Albany', 'admin'],
      ['Botany', 'personal_trainer'],
    ])
    expect((await browser.get('/payments')).status).toBe(200)
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.roles_changed'), eq(auditLog.subjectId, created.id)))
    expect(audit?.changes).toMatchObject({
      gym_roles: {
        from: [{ gym_id: org.gyms[0]!.id, role: 'personal_trainer' }],
        to: [
          { gym_id: org.gyms[0]!.id, role: 'admin' },
          { gym_id: org.gyms[1]!.id, role: 'personal_trainer' },
        ],
      },
    })
    expect(
      await readErrors(await owner.request('PUT', `/staff/${created.id}`, { body: { role: -1, gyms: [] } })),
    ).toEqual({ gyms: ['Give them a role at one gym at least'] })
  })

  it('keeps an organisation admin, and an admin’s own last admin role', async () => {
    const solo = await createTestOrganisation({ db: database.db, now, gymNames: ['Solo'] })
    const soloOwner = await signIn({ org: solo, admin: true })
    const soloOwnerId = (await me(soloOwner)).id
    expect(
      await readMessage(
        await soloOwner.request('PUT', `/staff/${soloOwnerId}`, {
          body: { role: -1, gyms: [{ id: solo.gyms[0]!.id, role: 'personal_trainer' }] },
        }),
        409,
      ),
    ).toBe('You can’t remove your own last admin role. Ask another organisation admin to change your roles.')
    expect(
      await readMessage(
        await soloOwner.request('PUT', `/staff/${soloOwnerId}`, {
          body: { role: -1, gyms: [{ id: solo.gyms[0]!.id, role: 'admin' }] },
        }),
        409,
      ),
    ).toBe(
      'The organisation must keep at least one organisation admin. Make someone else an organisation admin first.',
    )
    expect(await readMessage(await soloOwner.request('DELETE', `/staff/${soloOwnerId}`), 409)).toBe(
      'You can’t deactivate yourself. Ask another organisation admin to do it.',
    )
    // With a second organisation admin, stepping down to run one gym is allowed.
    await readData(
      await soloOwner.post(`/organisations/${solo.organisation.id}/staff`, {
        name: 'Second Admin',
        email: nextEmail('second'),
        role: 'admin',
      }),
      staffMemberSchema,
      201,
    )
    const steppedDown = await soloOwner.request('PUT', `/staff/${soloOwnerId}`, {
      body: { role: -1, gyms: [{ id: solo.gyms[0]!.id, role: 'admin' }] },
    })
    expect(steppedDown.status).toBe(200)
    expect((await me(soloOwner)).current_organisation?.role ?? null).toBe(null)
    // Now a gym admin: they change nobody.
    expect(
      (await soloOwner.request('PUT', `/staff/${soloOwnerId}`, { body: { role: 'admin' } })).status,
    ).toBe(403)
  })

  it('deactivates a staff member: their sessions end at once and they cannot sign in', async () => {
    const email = nextEmail('leaving')
    const created = await invite({ email, role: -1, gyms: [{ id: org.gyms[1]!.id, role: 'admin' }] })
    const browser = await accept(email)
    expect((await browser.get('/me')).status).toBe(200)
    const done = await owner.request('DELETE', `/staff/${created.id}`)
    expect(await readMessage(done, 200)).toMatch(/is deactivated and has been signed out everywhere\.$/)
    expect((await browser.get('/me')).status).toBe(401)
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, created.id))).toEqual([])
    const login = await api
      .browser({ ip: '203.0.113.200' })
      .post('/login', { email, password: 'a long staff password' })
    expect(login.status).toBe(422)
    const shown = await readData(await owner.get(`/staff/${created.id}`), staffMemberSchema)
    expect(shown.deleted_at).toBe(now.toISOString())
    const [row] = await database.db.select().from(users).where(eq(users.id, created.id))
    expect(row?.accessEnabled).toBe(false)
    // Gone from the list, found under "deactivated"; a second press says so.
    const listed = await readPage(await owner.get(`${base()}/staff?per_page=100`), staffMemberSchema)
    expect(listed.data.map((r) => r.id)).not.toContain(created.id)
    const gone = await readPage(
      await owner.get(`${base()}/staff?status=deactivated&per_page=100`),
      staffMemberSchema,
    )
    expect(gone.data.map((r) => r.id)).toContain(created.id)
    expect(await readMessage(await owner.request('DELETE', `/staff/${created.id}`), 409)).toMatch(
      /is already deactivated\.$/,
    )
    expect((await owner.request('PUT', `/staff/${created.id}`, { body: { role: 'admin' } })).status).toBe(409)
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.deactivated'), eq(auditLog.subjectId, created.id)))
    expect(audit?.actorUserId).toBe(ownerId)
  })

  describe('photos', () => {
    it('shows a staff member’s photo to those who see them only', async () => {
      const created = await invite({
        email: nextEmail('photo'),
        role: -1,
        gyms: [{ id: org.gyms[1]!.id, role: 'admin' }],
      })
      await database.db
        .update(users)
        .set({ profilePicture: 'none/missing.jpg' })
        .where(eq(users.id, created.id))
      // No file behind it here: the owner is told there is no photo yet, a trainer that there is no such person.
      expect(await readMessage(await owner.get(`/users/${created.id}/profile-picture`), 404)).toBe(
        'No photo yet.',
      )
      expect(await readMessage(await albanyAdmin.get(`/users/${created.id}/profile-picture`), 404)).toBe(
        'Member not found.',
      )
    })
  })
})
