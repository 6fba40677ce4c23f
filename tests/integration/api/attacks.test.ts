import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { organisations, prices, subscriptions } from '~/db/schema'
import { earliestCalendarDateMessage, z } from '~/lib/validation'
import {
  bodyTooLargeMessage,
  MAX_BODY_BYTES,
  MAX_UPLOAD_BODY_BYTES,
} from '~/server/api/middleware/body-limit'
import { brokenTextMessage, nulRefusedMessage } from '~/server/api/middleware/refuse-nul'
import { logoMessages } from '~/server/services/images/prepare-image.server'
import { createTestMember, createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readErrors, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

/**
 * Attacks the sweeps' random input did not reach (review of the payments, visits, staff, gyms and doors
 * endpoints): each was a 500 — or a body the server held whatever its size — before its fix. The sweeps
 * below walk `/api/openapi.json`, so an endpoint added later is attacked the same way.
 */

const now = new Date('2026-03-10T01:00:00Z')
/** ISO's year 0000 (1 BC): a well-formed day PostgreSQL refuses with an error. */
const yearZero = '0000-01-01'
/** Half of a surrogate pair: JSON can carry it (`"\ud800"`), UTF-8 and PostgreSQL's jsonb can't. */
const lone = '\ud800'

const openApiSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({ parameters: z.array(z.object({ in: z.string(), name: z.string() })).optional() }),
    ),
  ),
})

interface Operation {
  method: string
  path: string
  query: string[]
}

/** An error answer a person can read: JSON with a `message`, no validator's English. */
function plainMessage(text: string): boolean {
  try {
    const parsed = z.object({ message: z.string().min(1) }).safeParse(JSON.parse(text))
    return (
      parsed.success && !/ZodError|"code":|Invalid input|expected (string|number)|Failed query/.test(text)
    )
  } catch {
    return false
  }
}

describeEachDatabase('attacks beyond the sweeps', (database) => {
  const api = createTestApi(database, { now: () => now })
  let org: TestOrganisation
  let admin: TestBrowser
  let operations: Operation[] = []
  let subscriptionId = 0

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, now, gymNames: ['Ponsonby', 'Newmarket'] })
    admin = await signInStaff({ database, api, now, organisation: org, admin: true })
    const gymId = org.gyms[0]?.id ?? 0
    const { price } = await createTestPrice({
      db: database.db,
      organisationId: org.organisation.id,
      gymIds: [gymId],
      now,
    })
    const membership = await createTestMembership({
      db: database.db,
      organisationId: org.organisation.id,
      gymId,
      priceId: price.id,
      startDate: '2026-03-03',
      now,
      seed: 'attacks',
    })
    subscriptionId = membership.subscription.id
    const document = openApiSchema.parse(await (await api.browser().get('/openapi.json')).json())
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api(?=\/)/, '').replace(/\{[^}]+\}/g, '1'),
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    )
  })

  it('refuses a lone surrogate in any JSON body with a 422 in words, signed in or out', async () => {
    const writes = operations.filter((operation) => operation.method !== 'GET')
    expect(writes.length).toBeGreaterThan(30)
    const wrong: string[] = []
    for (const operation of writes) {
      for (const browser of [api.browser(), admin]) {
        const response = await browser.request(operation.method, operation.path, {
          body: { name: `Bad ${lone}`, [`key${lone}`]: 1, search: lone, reason: lone, comments: lone },
        })
        const text = await response.text()
        if (response.status !== 422 || !text.includes(brokenTextMessage)) {
          wrong.push(`${operation.method} ${operation.path} → ${response.status} ${text.slice(0, 120)}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('reads a NUL or a broken character however deep or wide the JSON holding it', async () => {
    // The check walked the body recursively: 100,000 nested arrays overflowed the stack, a 500.
    const deep = (inner: string) => `${'['.repeat(100_000)}${inner}${']'.repeat(100_000)}`
    const wide = (inner: string) => `[${'0,'.repeat(400_000)}${inner}]`
    for (const [body, message] of [
      [deep('"\\u0000"'), nulRefusedMessage],
      [deep('"\\ud800"'), brokenTextMessage],
      [wide('"\\u0000"'), nulRefusedMessage],
      [wide('"\\udc00"'), brokenTextMessage],
    ] as const) {
      const response = await admin.request('POST', '/payments/export', {
        rawBody: body,
        headers: { 'Content-Type': 'application/json' },
      })
      expect(await readMessage(response, 422)).toBe(message)
    }
  })

  it('refuses it before anything is changed, and keeps whole emoji', async () => {
    // Was a 500 from the audit log's jsonb, after the membership's cancellation had been attempted.
    const cancel = await admin.post(`/subscriptions/${subscriptionId}/cancel`, {
      version: 1,
      reasons: ['Moving away'],
      comments: `Bye ${lone}`,
      immediately: false,
    })
    expect(await readMessage(cancel, 422)).toBe(brokenTextMessage)
    const [after] = await database.db
      .select({ cancelledAt: subscriptions.cancelledAt })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
    expect(after?.cancelledAt).toBeNull()
    for (const [path, body] of [
      ['/payments/export', { search: lone }],
      ['/visits/export', { search: lone }],
      ['/members/export', { search: lone }],
    ] as const) {
      expect(await readMessage(await admin.post(path, body), 422)).toBe(brokenTextMessage)
    }

    const renamed = await admin.request('PUT', `/organisations/${org.organisation.id}`, {
      body: { name: 'Flex 💪 Fitness' },
    })
    expect(renamed.status).toBe(200)
    const [organisation] = await database.db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, org.organisation.id))
    expect(organisation?.name).toBe('Flex 💪 Fitness')
  })

  it('refuses days before 1900 rather than failing in the database or misreading the year', async () => {
    // Year 0000 was a 500 on each list (the payments export's mid-file, after its 200 and CSV header).
    expect(await readErrors(await admin.get(`/payments?due_from=${yearZero}`))).toEqual({
      due_from: [earliestCalendarDateMessage],
    })
    expect(await readErrors(await admin.get(`/payments?due_to=${yearZero}`))).toHaveProperty('due_to')
    expect(await readErrors(await admin.get(`/visits?from=${yearZero}`))).toHaveProperty('from')
    expect(await readErrors(await admin.get(`/visits?to=${yearZero}`))).toHaveProperty('to')
    expect(await readErrors(await admin.post('/payments/export', { due_from: yearZero }))).toHaveProperty(
      'due_from',
    )
    expect(await readErrors(await admin.post('/visits/export', { from: yearZero }))).toHaveProperty('from')
    expect(await readErrors(await admin.get(`/members?joined_from=${yearZero}`))).toHaveProperty(
      'joined_from',
    )
    // Years 1–99 were read as 1901–1999: a yearly price's pro-rata from 0001-01-01 was a 500, and a
    // membership could start on 0050-02-28 (shown as 28 Feb 1950).
    const { price: yearly } = await createTestPrice({
      db: database.db,
      organisationId: org.organisation.id,
      gymIds: [org.gyms[0]?.id ?? 0],
      billingFrequency: 'yearly',
      now,
    })
    const proRata = await admin.post(`/prices/${yearly.id}/pro-rata`, {
      start_date: '0001-01-01',
      billing_date: '0001-01-01',
    })
    expect(await readErrors(proRata)).toEqual({
      start_date: [earliestCalendarDateMessage],
      billing_date: [earliestCalendarDateMessage],
    })
    const prospect = await createTestMember({
      db: database.db,
      organisationId: org.organisation.id,
      gymId: org.gyms[0]?.id ?? 0,
      now,
      seed: 'ancient',
    })
    const ancient = await admin.post('/subscriptions', {
      price_id: yearly.id,
      gym_id: org.gyms[0]?.id,
      user_id: prospect.id,
      start_date: '0050-02-28',
    })
    expect(await readErrors(ancient)).toEqual({ start_date: [earliestCalendarDateMessage] })
    // 1900 is still a day.
    expect((await admin.get('/payments?due_from=1900-01-01')).status).toBe(200)
  })

  it('answers no 5xx to year 0000 in any query parameter of any operation', async () => {
    const reads = operations.filter((operation) => operation.query.length > 0)
    expect(reads.length).toBeGreaterThan(5)
    const wrong: string[] = []
    for (const operation of reads) {
      for (const name of operation.query) {
        const url = `${operation.path}?${new URLSearchParams({ [name]: yearZero })}`
        const response = await admin.request(
          operation.method,
          url,
          operation.method === 'GET' ? {} : { body: {} },
        )
        const text = await response.text()
        if (response.status >= 500 || (response.status >= 400 && !plainMessage(text))) {
          wrong.push(`${operation.method} ${url} → ${response.status} ${text.slice(0, 160)}`)
        }
      }
    }
    expect(wrong).toEqual([])
  })

  it('takes an id only as its plain digits, in a path or a query string', async () => {
    const gym = org.gyms[0]?.id ?? 0
    expect((await admin.get(`/gyms/${gym}`)).status).toBe(200)
    expect((await admin.get(`/payments?gym_id=${gym}`)).status).toBe(200)
    // Each of these served gym `gym` (Number() reads them all), under an address that isn't its own.
    for (const id of [`0x${gym.toString(16)}`, `${gym}e0`, `0${gym}`, `+${gym}`, `%20${gym}`, `${gym}%20`]) {
      expect(await readMessage(await admin.get(`/gyms/${id}`), 404)).toBe('Not Found')
      expect(await readErrors(await admin.get(`/payments?gym_id=${id}`))).toEqual({
        gym_id: ['Value is not a valid number'],
      })
      expect(await readErrors(await admin.get(`/visits?gym_id=${id}`))).toHaveProperty('gym_id')
      expect(await readErrors(await admin.get(`/members?gym_id=${id}`))).toHaveProperty('gym_id')
    }
    // The body of an export names the gym as a number, as before.
    expect((await admin.post('/payments/export', { gym_id: gym })).status).toBe(200)
  })

  it('answers two racing requests for one address with one success and a 4xx, never a 500', async () => {
    // On PostgreSQL both passed the "address free" check before either wrote: the unique index refused
    // the second with an error, a 500.
    const gymId = org.gyms[0]?.id ?? 0
    const [price] = await database.db.select({ id: prices.id }).from(prices).limit(1)
    const races: Array<[string, (round: number) => Promise<Response>]> = [
      [
        'POST /members',
        (round) =>
          admin.post('/members', {
            name: 'Racing Member',
            email: `racing-member-${round}@attacks.test`,
            mobile_number: '021 555 0100',
            dob: '1990-01-01',
            gym_id: gymId,
            price_id: price?.id,
          }),
      ],
      [
        'POST /organisations/{id}/staff',
        (round) =>
          admin.post(`/organisations/${org.organisation.id}/staff`, {
            name: 'Racing Trainer',
            email: `racing-staff-${round}@attacks.test`,
            role: -1,
            gyms: [{ id: gymId, role: 'personal_trainer' }],
          }),
      ],
    ]
    for (const [name, send] of races) {
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all([send(round), send(round), send(round), send(round)])
        const statuses = answers.map((answer) => answer.status)
        expect(
          statuses.filter((status) => status === 201),
          `${name} ${statuses}`,
        ).toHaveLength(1)
        for (const answer of answers.filter((answer) => answer.status !== 201)) {
          expect([409, 422]).toContain(answer.status)
          expect(plainMessage(await answer.text())).toBe(true)
        }
      }
    }
  })

  it('refuses a body larger than any operation reads, before reading it whole', async () => {
    // Signed out: anyone could make the server buffer gigabytes.
    const huge = await api
      .browser()
      .post('/login', { email: 'a@b.test', password: 'x'.repeat(MAX_BODY_BYTES) })
    expect(await readMessage(huge, 413)).toBe(bodyTooLargeMessage)
    const export_ = await admin.post('/payments/export', {
      search: 'x',
      padding: 'y'.repeat(2 * MAX_BODY_BYTES),
    })
    expect(await readMessage(export_, 413)).toBe(bodyTooLargeMessage)

    const upload = (bytes: number) => {
      const form = new FormData()
      form.set('collection', 'logo')
      form.set('file', new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' }))
      return admin.request('POST', `/gyms/${org.gyms[0]?.id}/logo`, { rawBody: form })
    }
    expect(await readMessage(await upload(MAX_UPLOAD_BODY_BYTES + 1), 413)).toBe(bodyTooLargeMessage)
    // A too-large image within the bound still gets its field's refusal in words; one of a real logo's
    // size reaches the image checks (it is no image: zeros).
    expect(await readErrors(await upload(30 * 1024 * 1024))).toEqual({ file: [logoMessages.tooLarge] })
    expect(await readErrors(await upload(4 * 1024 * 1024))).toEqual({ file: [logoMessages.notAnImage] })
    // A large body an operation does read still reaches its validation.
    const bulk = await admin.post('/subscriptions/schedule-price-changes', {
      price_id: 1,
      subscriptions: Array.from({ length: 2001 }, (_, index) => ({ id: index + 1, version: 1 })),
    })
    expect(await readErrors(bulk)).toHaveProperty('subscriptions')
  })
})
