import { eq, sql } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { toSearchKey } from '~/db/search-key'
import { searchMembers } from '~/server/services/members/search-members.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { createTestMember, createTestMembership, createTestPrice } from '../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../factories/organisation-factory'
import { describeEachDatabase } from './support/database'

const now = new Date('2026-02-18T00:00:00Z')
/** More members than the search reads one by one (RECENT_WINDOW), so each of its paths is taken. */
const FILLER = 2_300

/**
 * The global search's statement (ADR 015) on an organisation big enough for every path: the starts of
 * names, surnames and addresses; the newest members read one by one; the trigram index for the rest.
 */
describeEachDatabase('member search', (database) => {
  let club: TestOrganisation
  let owner = { userId: 0, organisationId: 0, isOrganisationAdmin: true }
  let northAdmin = { ...owner }
  let southAdmin = { ...owner }
  const ids: Record<string, number> = {}

  const search = async (caller: typeof owner, query: string) =>
    (await searchMembers({ db: database.db, caller, query })).map((row) => row.name)

  beforeAll(async () => {
    const db = database.db
    club = await createTestOrganisation({ db, name: 'Search Club', gymNames: ['North', 'South'] })
    const [north, south] = [club.gyms[0]!, club.gyms[1]!]
    const organisationId = club.organisation.id
    const member = async (name: string, email: string, gymId = north.id, at = now) => {
      const created = await createTestMember({
        db,
        organisationId,
        gymId,
        now: at,
        overrides: { name, email },
      })
      ids[name] = created.id
      return created
    }

    // Joined long ago, before thousands of others: only the indexes of starts and trigrams reach them.
    const longAgo = new Date('2020-01-01T00:00:00Z')
    await member('Zebedee Quartermaine', 'zq@example.nz', north.id, longAgo)
    await member('Hemi Old', 'hemi.old@example.nz', south.id, longAgo)
    await db.execute(sql`
      insert into users (organisation_id, name, email, home_gym_id, created_at, updated_at)
      select ${organisationId}, 'Filler Person ' || n, 'filler' || n || '@example.test', ${north.id},
        ${new Date('2021-01-01T00:00:00Z')}::timestamptz + n * interval '1 hour', ${now}
      from generate_series(1, ${FILLER}) as n`)

    // Joined lately. "ana" starts Ana's name, Tui's surname and Mere's address; Diana's and Moana's
    // names only contain it.
    await member('Diana Wu', 'd.wu@example.nz')
    await member('Mere Smith', 'anastasia.s@example.nz')
    await member('Tui Anaru', 'tui@example.nz')
    await member('Ana Kereama', 'ak@example.nz')
    await member('Rangi Eqbal', 'rangi@example.nz')
    await member('Mary-Jane O\u2019Brien', 'mj.o_b+gym@example.nz')
    const gone = await member('Ana Deleted', 'ana.deleted@example.nz')
    await db.update(users).set({ deletedAt: now }).where(eq(users.id, gone.id))

    // Home gym North, but their latest membership is at South: they belong to South.
    const { price } = await createTestPrice({ db, organisationId, gymIds: [south.id], amount: 2000, now })
    const moved = await createTestMembership({ db, organisationId, gymId: south.id, priceId: price.id, now })
    await db
      .update(users)
      .set({ name: 'Moana Moved', email: 'moana@example.nz', homeGymId: north.id })
      .where(eq(users.id, moved.member.id))
    await db.execute(sql`vacuum analyze users`)

    const staff = async (email: string, gymId: number | null) =>
      (
        await createStaffUser({
          db,
          now,
          organisationId,
          name: 'Ana Staff',
          email,
          organisationRole: gymId === null ? 'admin' : null,
          gymRoles: gymId === null ? [] : [{ gymId, role: 'personal_trainer' }],
          emailVerified: true,
        })
      ).user.id
    owner = { userId: await staff('owner@search.test', null), organisationId, isOrganisationAdmin: true }
    northAdmin = {
      userId: await staff('north@search.test', north.id),
      organisationId,
      isOrganisationAdmin: false,
    }
    southAdmin = {
      userId: await staff('south@search.test', south.id),
      organisationId,
      isOrganisationAdmin: false,
    }
  })

  it('ranks names that start with the text, then surnames, then addresses, then the rest', async () => {
    expect(await search(owner, 'ana')).toEqual([
      'Ana Kereama',
      'Tui Anaru',
      'Mere Smith',
      'Diana Wu',
      'Moana Moved',
    ])
    expect(await search(owner, 'ANA K')).toEqual(['Ana Kereama'])
  })

  it('finds a member who joined before thousands of others by a piece from inside their name', async () => {
    expect(await search(owner, 'ermai')).toEqual(['Zebedee Quartermaine'])
    expect(await search(owner, 'quarter')).toEqual(['Zebedee Quartermaine'])
    expect(await search(owner, 'hemi.o')).toEqual(['Hemi Old'])
    expect(await search(owner, 'emi.old@exam')).toEqual(['Hemi Old'])
  })

  it('finds a member who joined long ago by a piece typed across a space or a dot', async () => {
    expect(await search(owner, 'e q')).toEqual(['Zebedee Quartermaine'])
    expect(await search(owner, 'i o')).toEqual(['Hemi Old'])
    expect(await search(owner, 'i.o')).toEqual(['Hemi Old'])
  })

  it('finds the newest members by a piece with no trigram in it', async () => {
    expect(await search(owner, 'qb')).toEqual(['Rangi Eqbal'])
  })

  it('keeps the search key the way the search spells the text: words joined by 0, no domain', async () => {
    const [row] = await database.db
      .select({ key: users.searchKey })
      .from(users)
      .where(eq(users.id, ids['Mary-Jane O\u2019Brien'] ?? 0))
    expect(row?.key).toBe(toSearchKey('mary-jane o\u2019brien\nmj.o_b+gym'))
    expect(row?.key).toBe('mary0jane0o0brien0mj0o0b0gym')
    expect(await search(owner, 'jane o\u2019b')).toEqual(['Mary-Jane O\u2019Brien'])
    expect(await search(owner, 'o_b+g')).toEqual(['Mary-Jane O\u2019Brien'])
  })

  it('answers at most ten, names in order, when thousands match', async () => {
    const found = await search(owner, 'filler person 1')
    expect(found).toHaveLength(10)
    expect(found).toEqual([...found].sort())
    expect(await search(owner, '@example.test')).toHaveLength(10)
    expect(await search(owner, 'son 22')).toHaveLength(10)
  })

  it('leaves out staff and deleted members', async () => {
    expect(await search(owner, 'ana staff')).toEqual([])
    expect(await search(owner, 'ana deleted')).toEqual([])
  })

  it('keeps to the caller’s gyms: a member belongs to their latest membership’s gym, else their home gym', async () => {
    expect(await search(southAdmin, 'mo')).toEqual(['Moana Moved'])
    expect(await search(northAdmin, 'moana')).toEqual([])
    expect(await search(owner, 'moana')).toEqual(['Moana Moved'])
    expect(await search(southAdmin, 'hemi')).toEqual(['Hemi Old'])
    expect(await search(northAdmin, 'hemi')).toEqual([])
    expect(await search(northAdmin, 'ermai')).toEqual(['Zebedee Quartermaine'])
    expect(await search(southAdmin, 'quartermaine')).toEqual([])
  })

  it('runs as a function that keeps one generic plan, whatever the searches it is first given', async () => {
    const functions = await database.db.execute<{ config: string[] | null }>(
      sql`select proconfig as config from pg_proc where proname = 'member_search'`,
    )
    expect(functions.rows.map((row) => row.config)).toEqual([['plan_cache_mode=force_generic_plan']])
  })

  it('reads a typed %, _ or \\ as itself', async () => {
    expect(await search(owner, '%')).toEqual([])
    expect(await search(owner, 'filler_1')).toEqual([])
    expect(await search(owner, '\\')).toEqual([])
  })
})
