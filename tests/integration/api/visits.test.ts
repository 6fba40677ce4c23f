import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { type VisitRow, visitRangeMessage, visitRowSchema } from '~/contracts/visits'
import { accessControlIntegrations, auditLog, doorIntegrations, users, visits } from '~/db/schema'
import { z } from '~/lib/validation'
import { addDays, instantAt } from '~/server/billing/calendar'
import { forEachVisitBatch, type VisitListRow } from '~/server/services/visits/find-visit-page.server'
import { createTestMember } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readErrors, readEveryPage, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const today = '2026-05-20'
const now = new Date(`${today}T01:00:00Z`)

const pageSchema = z.object({
  data: z.array(visitRowSchema),
  meta: z.object({ total: z.number(), last_page: z.number() }),
})

interface Made {
  id: number
  gymIndex: number
  member: string
  /** The Auckland day it happened on. */
  day: string
  successful: boolean
}

/**
 * The visits list (issue 16) over 40 entries and refused entries of "Door Fitness" (gyms Newmarket
 * and Ponsonby), some at a door, some late in the Auckland evening (the day before in UTC), and a visit
 * of another organisation.
 */
describeEachDatabase('visits list API', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  const made: Made[] = []
  const testApi = () => createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, now, organisation: () => org })

  const listAll = async (browser: TestBrowser, query = '') => {
    const { rows, last } = await readEveryPage(
      browser,
      (page) => `/visits?per_page=10&page=${page}${query}`,
      pageSchema,
    )
    return { rows, total: last.meta.total }
  }
  const expectRows = (rows: VisitRow[], expected: Made[]) =>
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      expected.map((visit) => visit.id).sort((a, b) => a - b),
    )

  beforeAll(async () => {
    const { db } = database
    org = await createTestOrganisation({ db, name: 'Door Fitness', gymNames: ['Newmarket', 'Ponsonby'] })
    other = await createTestOrganisation({ db, name: 'Elsewhere Gym', gymNames: ['Elsewhere'] })
    const gymIds = org.gyms.map((gym) => gym.id)
    const [integration] = await db
      .insert(accessControlIntegrations)
      .values({ organisationId: org.organisation.id, integrationType: 'kisi' })
      .returning()
    const [door] = await db
      .insert(doorIntegrations)
      .values({
        organisationId: org.organisation.id,
        gymId: gymIds[0]!,
        accessControlIntegrationId: integration!.id,
        integrationType: 'kisi',
        name: 'Front door',
        doorId: 'lock-1',
        tracksVisits: true,
      })
      .returning()
    for (let index = 0; index < 4; index += 1) {
      const gymIndex = index % 2
      const member = await createTestMember({
        db,
        organisationId: org.organisation.id,
        gymId: gymIds[gymIndex]!,
        now,
        seed: `door-${index}`,
      })
      const name = index === 3 ? '@SUM(1+1)' : `Door Member ${index}`
      await db.update(users).set({ name }).where(eq(users.id, member.id))
      for (let visit = 0; visit < 10; visit += 1) {
        const day = addDays(today, -visit - index)
        const successful = (index + visit) % 4 !== 0
        // Every other one at 23:30 in Auckland: the day before in UTC, still this day here.
        const visitedAt = instantAt(day, visit % 2 === 0 ? '23:30' : '06:15')
        const [row] = await db
          .insert(visits)
          .values({
            organisationId: org.organisation.id,
            gymId: gymIds[gymIndex]!,
            userId: member.id,
            visitedAt,
            successful,
            refusedReason: successful ? null : 'Membership paused',
            doorIntegrationId: gymIndex === 0 ? door!.id : null,
          })
          .returning({ id: visits.id })
        made.push({ id: row!.id, gymIndex, member: name, day, successful })
      }
    }
    const stranger = await createTestMember({
      db,
      organisationId: other.organisation.id,
      gymId: other.gyms[0]!.id,
      now,
      seed: 'door-elsewhere',
    })
    await db.insert(visits).values({
      organisationId: other.organisation.id,
      gymId: other.gyms[0]!.id,
      userId: stranger.id,
      visitedAt: instantAt(today, '07:00'),
    })
  })

  it('lists every visit at the organisation’s gyms, latest first, with the door and why one was refused', async () => {
    const owner = await signIn({ admin: true })
    const { rows, total } = await listAll(owner)
    expect(total).toBe(made.length)
    expectRows(rows, made)
    const times = rows.map((row) => Date.parse(row.visited_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const refused = rows.filter((row) => !row.successful)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused.every((row) => row.refused_reason === 'Membership paused')).toBe(true)
    expect(rows.filter((row) => row.successful).every((row) => row.refused_reason === null)).toBe(true)
    expect(new Set(rows.map((row) => row.door?.name ?? null))).toEqual(new Set(['Front door', null]))
  })

  it('filters by Auckland days, result, gym and member', async () => {
    const owner = await signIn({ admin: true })
    const from = addDays(today, -5)
    const to = addDays(today, -2)
    expectRows(
      (await listAll(owner, `&from=${from}&to=${to}`)).rows,
      made.filter((visit) => visit.day >= from && visit.day <= to),
    )
    expectRows(
      (await listAll(owner, `&from=${today}&to=${today}`)).rows,
      made.filter((v) => v.day === today),
    )
    expectRows(
      (await listAll(owner, '&successful=false')).rows,
      made.filter((visit) => !visit.successful),
    )
    expectRows(
      (await listAll(owner, `&gym_id=${org.gyms[1]!.id}`)).rows,
      made.filter((v) => v.gymIndex === 1),
    )
    expectRows(
      (await listAll(owner, '&search=member%202')).rows,
      made.filter((v) => v.member === 'Door Member 2'),
    )
    const byMember = (await listAll(owner, '&sort=member')).rows.map((row) => row.member.name)
    expect(byMember).toEqual([...byMember].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('shows staff their gyms’ visits, trainers included, and nothing of another organisation', async () => {
    const trainer = await signIn({ gyms: [{ index: 1, role: 'personal_trainer' }] })
    expectRows(
      (await listAll(trainer)).rows,
      made.filter((visit) => visit.gymIndex === 1),
    )
    expect(await readMessage(await trainer.get(`/visits?gym_id=${org.gyms[0]!.id}`), 404)).toBe(
      'Gym not found.',
    )
    const elsewhere = await signIn({ org: other, admin: true })
    const theirs = await listAll(elsewhere)
    expect(theirs.total).toBe(1)
    expect(theirs.rows.some((row) => made.some((visit) => visit.id === row.id))).toBe(false)
    expect((await elsewhere.post('/visits/export', { gym_id: org.gyms[0]!.id })).status).toBe(404)
    expect((await testApi().browser().get('/visits')).status).toBe(401)
  })

  it('refuses a range that ends before it starts, and filters that make no sense', async () => {
    const owner = await signIn({ admin: true })
    expect((await readErrors(await owner.get(`/visits?from=${today}&to=2026-01-01`))).to).toEqual([
      visitRangeMessage,
    ])
    for (const query of ['successful=maybe', 'from=2026-13-01', 'gym_id=0', 'sort=random']) {
      expect((await owner.get(`/visits?${query}`)).status, query).toBe(422)
    }
  })

  it('exports exactly the filtered list, formulas neutralised, and records who exported it', async () => {
    const owner = await signIn({ admin: true })
    const filtered = await listAll(owner, '&successful=false')
    const response = await owner.post('/visits/export', { successful: false })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="visits-all-gyms-2026-05-20.csv"',
    )
    const text = (await response.text()).replace(/^\uFEFF/, '')
    const lines = text.trimEnd().split('\n')
    expect(lines[0]).toBe('Date,Time,Visited at (ISO),Member,Gym,Door,Result,Reason')
    expect(lines).toHaveLength(filtered.total + 1)
    expect(lines.slice(1).every((line) => line.endsWith(',Refused,Membership paused'))).toBe(true)
    expect(text).toContain(`'@SUM`)
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'visits.exported'))
    expect(audit?.changes).toMatchObject({ filters: { successful: false } })
  })

  it('reads an export in keyset batches that neither skip nor repeat a visit, in every sort', async () => {
    for (const sort of ['-visited_at', 'visited_at', 'member', '-member'] as const) {
      const seen: VisitListRow[] = []
      await forEachVisitBatch(
        {
          db: database.db,
          organisationId: org.organisation.id,
          scope: { gymIds: org.gyms.map((gym) => gym.id), wholeOrganisation: true },
          filters: { sort },
          batchSize: 3,
          snapshot: false,
        },
        async (rows) => {
          seen.push(...rows)
        },
      )
      expect(
        seen.map((row) => row.visit.id).sort((a, b) => a - b),
        sort,
      ).toEqual(made.map((visit) => visit.id).sort((a, b) => a - b))
    }
  })
})
