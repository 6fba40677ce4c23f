import { eq, type SQL, sql } from 'drizzle-orm'
import type { DatabaseHandle } from '~/db/client.server'
import { gyms as gymsTable, offerings, organisations } from '~/db/schema'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import { createRandom } from '~/server/seed/random'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { createPrice } from '~/server/services/prices/create-price.server'

/**
 * The organisation the list benchmarks read (bench:members, bench:payments): one organisation, three
 * gyms, an offering with three prices and `members` members, built with set-based inserts (the fixture
 * is not what is measured). Everything is derived from row ids and a hash of them (`hashint8`), so two
 * builds of the same size hold the same rows.
 *
 * - Members: a first name as common as in a town (`firstNameShares`: "Aroha" a tenth of them, a long
 *   tail of rarer ones), one of ten surnames and their number, a tenth tagged VIP, joined over the last
 *   four years, a home gym each.
 * - Memberships: 90 % of members, in every state of SPEC §4 (paused, cancelled before and after the
 *   paid-through day, in grace, upcoming, active).
 * - Payments: `paymentsPerMembership` periods of 30 days each per membership, the first still upcoming
 *   and the rest in the past, each membership on its own day of the month. About a third are bank
 *   payments (those due in the last three days still `pending_request`), 1 % taken at the desk, the rest
 *   cards with a 2 % surcharge. About 4 % failed with a provider's code (`insufficient_funds`,
 *   `card_declined`, `lost_card`, `expired_card`, …), 0.5 % withdrawn (`cancelled`), a tenth of first
 *   payments pro rata. With `retries`, three in four failed payments are retried three days later
 *   (`is_retry`, `meta.retry_of`/`retry_number`), and a failed first retry is retried once more.
 * - Visits: `visitSlotsPerMember` slots per member over the last `17 × slots` days, one in seven left
 *   empty, one in forty refused with the door's reason in words, a tenth at another gym than home.
 *
 * The summaries (ADR 026) are kept by the migration's triggers as the rows go in; the table is then
 * compacted and everything analysed, as an import would.
 */
export interface FixtureSize {
  members: number
  /** Periods of 30 days per membership (the first upcoming). */
  paymentsPerMembership: number
  /** Visit slots per member, one in seven left empty (24: 20.6 visits a member). */
  visitSlotsPerMember: number
  /** Retries of failed payments as extra rows. */
  retries: boolean
}

/**
 * The lists' fixture (bench:members and bench:payments, so one `--keep` build serves both): 100,000
 * members, ~1,020,000 payments (retries included) and ~2,060,000 visits.
 */
export const listsFixtureSize: FixtureSize = {
  members: 100_000,
  paymentsPerMembership: 11,
  visitSlotsPerMember: 24,
  retries: true,
}

export interface Fixture {
  organisation: { id: number; name: string }
  gyms: number[]
  offering: { id: number }
}

const organisationName = 'Members Fitness'

/**
 * First names as a town has them: a few common, a long tail of rarer ones. "Aroha" is a tenth of the
 * members (the broad search issue 29 measures), the next few 3–6 % each, the tail under 1 % each.
 */
const firstNameShares: Array<[name: string, perMille: number]> = [
  ['Aroha', 100],
  ['Olivia', 60],
  ['Jack', 55],
  ['Mere', 50],
  ['Wiremu', 45],
  ['Liam', 45],
  ['Charlotte', 40],
  ['Oliver', 40],
  ['Ana', 35],
  ['Sione', 35],
  ['Priya', 30],
  ['Noah', 30],
  ['Isla', 30],
  ['Tama', 30],
  ['Amelia', 28],
  ['Leo', 28],
  ['Ruby', 25],
  ['James', 25],
  ['Hana', 25],
  ['Manaia', 22],
  ['Mia', 22],
  ['George', 20],
  ['Grace', 20],
  ['Arjun', 18],
  ['Lucy', 18],
  ['Hemi', 16],
  ['Sophie', 16],
  ['Finn', 15],
  ['Ella', 15],
  ['Kahu', 12],
  ['Zoe', 12],
  ['Wei', 12],
]
const rareFirstNames = ['Nikau', 'Kai', 'Moana', 'Eru', 'Anahera', 'Ihaia', 'Tui', 'Mateo', 'Ravi', 'Chloe']
/** A thousand slots, each name in as many as its share; the slots left over cycle through the rare names. */
const firstNameSlots = Array.from({ length: 1000 }, (_, slot) => {
  let before = 0
  for (const [name, perMille] of firstNameShares) {
    if (slot < before + perMille) return name
    before += perMille
  }
  return rareFirstNames[slot % rareFirstNames.length] ?? 'Kai'
})
const firstNameArray = `array[${firstNameSlots.map((name) => `'${name}'`).join(',')}]`

/** A number in [0, modulus) from a hash of `key` (an SQL integer expression): the same on every build. */
const hashed = (key: SQL, modulus: number) =>
  sql`(abs(hashint8((${key})::bigint)::bigint) % ${sql.raw(String(modulus))})`

/** Builds the fixture, printing how long each part took. */
export async function buildFixture(handle: DatabaseHandle, now: Date, size: FixtureSize): Promise<Fixture> {
  const { db } = handle
  const random = createRandom('bench-members')
  const organisation = await createOrganisation({ db, now, name: organisationName, multiGym: true })
  const gyms: number[] = []
  for (const name of ['Ponsonby', 'Newmarket', 'Takapuna']) {
    gyms.push((await createFakeGym({ db, random, organisationId: organisation.id, name, now })).gym.id)
  }
  const { offering } = await createOffering({
    db,
    now,
    organisationId: organisation.id,
    name: '24/7 Access',
    type: '24_7',
    allGymsAccess: true,
  })
  const prices: number[] = []
  for (const amount of [1899, 2599, 7900]) {
    const price = await createPrice({
      db,
      now,
      organisationId: organisation.id,
      offeringId: offering.id,
      amount,
      billingFrequency: amount === 7900 ? 'monthly' : 'weekly',
    })
    prices.push(price.id)
  }
  const gymArray = sql`array[${gyms[0]}::int, ${gyms[1]}::int, ${gyms[2]}::int]`

  const started = performance.now()
  const step = (label: string, began: number) =>
    console.info(`  ${label} in ${((performance.now() - began) / 1000).toFixed(1)} s`)
  const count = async (table: 'users' | 'subscriptions' | 'payments' | 'visits') => {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where organisation_id = ${organisation.id}`,
    )
    return (result.rows[0]?.n ?? 0).toLocaleString('en-NZ')
  }

  let began = performance.now()
  await db.execute(sql`
    insert into users (organisation_id, name, email, mobile_number, home_gym_id, tags, created_at, updated_at)
    select ${organisation.id},
      (${sql.raw(firstNameArray)})[1 + ${hashed(sql`n`, firstNameSlots.length)}] || ' ' ||
        (array['Ngata','Smith','Patel','Tuilagi','Brown','Kumar','Wilson','Te Rangi','Lee','Taylor'])[1 + ${hashed(sql`n::bigint * 2 + 1`, 10)}] || ' ' || n,
      'member' || n || '@members.bench',
      '021 ' || lpad((n % 10000000)::text, 7, '0'),
      (${gymArray})[1 + n % 3],
      case when n % 10 = 0 then array['VIP'] else '{}'::text[] end,
      ${now}::timestamptz - ((n % 1500) || ' days')::interval,
      ${now}
    from generate_series(1, ${size.members}) as n`)
  step(`${size.members.toLocaleString('en-NZ')} members`, began)

  began = performance.now()
  // States spread as a gym has them: most active, some paused, cancelled (still running or ended), in
  // grace, upcoming; a tenth without a membership.
  await db.execute(sql`
    insert into subscriptions (organisation_id, user_id, gym_id, price_id, start_date, current_period_start,
      current_period_end, pause_start_at, pause_end_at, cancelled_at, undo_cancellation_until,
      grace_period_ends_at, upcoming_state, balance_owing, created_at, updated_at)
    select ${organisation.id}, u.id, u.home_gym_id,
      (array[${prices[0]}::int, ${prices[1]}::int, ${prices[2]}::int])[1 + u.id % 3],
      (${now}::date - (u.id % 700))::date,
      (${now}::date - (u.id % 7))::date,
      (${now}::date + 7 - (u.id % 7) - case when u.id % 50 = 3 then 10 else 0 end)::date,
      case when u.id % 30 = 1 then (${now}::date - 3)::date when u.id % 30 = 2 then (${now}::date + 5)::date end,
      case when u.id % 30 in (1, 2) then (${now}::date + 20)::date end,
      case when u.id % 50 in (3, 4) then ${now}::timestamptz - interval '5 days' end,
      case when u.id % 50 in (3, 4) then ${now}::timestamptz - interval '4 days' end,
      case when u.id % 25 = 5 then (${now}::date + 5)::date end,
      case when u.id % 25 = 5 then 'failed' when u.id % 60 = 6 then 'upcoming' end,
      case when u.id % 25 = 5 then 2599 else 0 end,
      ${now}::timestamptz - ((u.id % 700) || ' days')::interval,
      ${now}
    from users u
    where u.organisation_id = ${organisation.id} and not u.is_staff and u.id % 10 <> 9`)
  step(`${await count('subscriptions')} memberships`, began)

  began = performance.now()
  // One payment per period and membership: the period's day, a hash for its fate, its type by membership.
  await db.execute(sql`
    insert into payments (organisation_id, subscription_id, user_id, gym_id, amount, surcharge,
      period_start_at, period_end_at, due_on, status, type, is_pro_rata, attempt, error_status,
      error_description, paid_at, created_at, updated_at)
    select x.organisation_id, x.id, x.user_id, x.gym_id, x.amount,
      case when x.type = 'stripe_card' then round(x.amount * 0.02)::int else 0 end,
      x.due_on, x.due_on + 29, x.due_on, x.status, x.type, x.pro_rata,
      case when x.status = 'upcoming' then 0 else 1 end,
      x.error_status,
      case x.error_status
        when 'card_declined' then 'Your card was declined.'
        when 'lost_card' then 'Your card has been declined.'
        when 'bank_error' then 'The bank did not answer in time.'
      end,
      case when x.status = 'sent' then
        (x.due_on::timestamp + case when x.type = 'bank_account' then interval '2 days 10 hours' else interval '9 hours' end)
          at time zone 'Pacific/Auckland'
      end,
      (x.due_on - 7)::timestamp at time zone 'Pacific/Auckland',
      (x.due_on - 7)::timestamp at time zone 'Pacific/Auckland'
    from (
      select y.*,
        case
          when y.due_on >= ${now}::date then 'upcoming'
          when y.type = 'bank_account' and y.due_on >= ${now}::date - 3 then 'pending_request'
          when y.type = 'manual' then 'sent'
          when y.fate < 40 then 'failed'
          when y.fate < 45 then 'cancelled'
          else 'sent'
        end as status,
        case
          when y.due_on >= ${now}::date - case when y.type = 'bank_account' then 3 else 0 end or y.type = 'manual'
            or y.fate >= 40 then null
          when y.type = 'bank_account' then
            (array['insufficient_funds','insufficient_funds','account_closed','invalid_account','bank_error'])[1 + y.fate % 5]
          else
            (array['insufficient_funds','insufficient_funds','card_declined','card_declined','expired_card','lost_card','do_not_honor','incorrect_cvc'])[1 + y.fate % 8]
        end as error_status
      from (
        select s.organisation_id, s.id, s.user_id, s.gym_id, m,
          (${now}::date + (s.id % 30) - 30 * m)::date as due_on,
          ${hashed(sql`s.id::bigint * 64 + m`, 1000)} as fate,
          case
            when ${hashed(sql`s.id`, 20)} < 7 then 'bank_account'
            when ${hashed(sql`s.id::bigint * 64 + m + 32`, 100)} = 0 then 'manual'
            else 'stripe_card'
          end as type,
          m = ${size.paymentsPerMembership - 1} and s.id % 10 = 0 as pro_rata,
          case when m = ${size.paymentsPerMembership - 1} and s.id % 10 = 0
            then p.amount * (1 + s.id % 29) / 30 else p.amount end as amount
        from subscriptions s
        join prices p on p.id = s.price_id
        cross join generate_series(0, ${size.paymentsPerMembership - 1}) as m
        where s.organisation_id = ${organisation.id}
      ) y
    ) x`)
  step(`${await count('payments')} payments`, began)

  if (size.retries) {
    began = performance.now()
    // Retries three days after a failure (as the engine makes them: the same period, `meta.retry_of` the
    // first payment, `retry_number` counting), 70 % of them paid; a failed first retry is retried again.
    for (const round of [1, 2]) {
      await db.execute(sql`
        insert into payments (organisation_id, subscription_id, user_id, gym_id, amount, surcharge,
          period_start_at, period_end_at, due_on, status, type, is_retry, attempt, error_status, paid_at, meta,
          created_at, updated_at)
        select p.organisation_id, p.subscription_id, p.user_id, p.gym_id, p.amount, p.surcharge,
          p.period_start_at, p.period_end_at, p.due_on + 3,
          case when p.due_on + 3 >= ${now}::date then 'upcoming'
            when ${hashed(sql`p.id`, 10)} < 7 then 'sent' else 'failed' end,
          p.type, true, case when p.due_on + 3 >= ${now}::date then 0 else 1 end,
          case when p.due_on + 3 < ${now}::date and ${hashed(sql`p.id`, 10)} >= 7 then p.error_status end,
          case when p.due_on + 3 < ${now}::date and ${hashed(sql`p.id`, 10)} < 7 then
            ((p.due_on + 3)::timestamp + interval '9 hours') at time zone 'Pacific/Auckland' end,
          jsonb_build_object('retry_of', coalesce((p.meta->>'retry_of')::int, p.id), 'retry_number', ${round}::int),
          (p.due_on + 3)::timestamp at time zone 'Pacific/Auckland',
          (p.due_on + 3)::timestamp at time zone 'Pacific/Auckland'
        from payments p
        where p.organisation_id = ${organisation.id} and p.status = 'failed'
          and ${
            round === 1
              ? sql`not p.is_retry and ${hashed(sql`p.id + 7`, 4)} <> 0`
              : sql`p.is_retry and (p.meta->>'retry_number')::int = 1`
          }`)
    }
    step(`retries (${await count('payments')} payments in all)`, began)
  }

  began = performance.now()
  await db.execute(sql`
    insert into visits (organisation_id, gym_id, user_id, visited_at, successful, refused_reason)
    select u.organisation_id,
      case when ${hashed(sql`u.id::bigint * 64 + v`, 10)} = 0 then (${gymArray})[1 + (u.id + v) % 3] else u.home_gym_id end,
      u.id,
      ${now}::timestamptz - ((v * 17 + u.id % 13) || ' days')::interval - ((u.id % 600) || ' minutes')::interval,
      (u.id + v) % 40 <> 0,
      case when (u.id + v) % 40 = 0 then
        (array['Membership paused','Membership cancelled','Payment overdue','Tag not recognised','Outside access hours'])[1 + (u.id / 40 + v) % 5]
      end
    from users u cross join generate_series(0, ${size.visitSlotsPerMember - 1}) as v
    where u.organisation_id = ${organisation.id} and not u.is_staff and (u.id + v) % 7 <> 0`)
  step(`${await count('visits')} visits`, began)
  // The bulk load rewrote each member's summary once per table (member, membership, visits): compact it
  // as an import would (ADR 026), so the figures are of the table's size and not of its load history.
  began = performance.now()
  await db.execute(sql`vacuum full member_summaries`)
  await db.execute(sql`vacuum analyze`)
  step('vacuumed and analysed', began)
  step('all of it', started)

  return { organisation, gyms, offering }
}

/** The fixture of a kept database (`--reuse`). */
export async function readFixture(handle: DatabaseHandle): Promise<Fixture> {
  const { db } = handle
  const [organisation] = await db.select().from(organisations).where(eq(organisations.name, organisationName))
  if (!organisation) throw new Error('This database has no benchmark fixture')
  const gymRows = await db
    .select({ id: gymsTable.id })
    .from(gymsTable)
    .where(eq(gymsTable.organisationId, organisation.id))
    .orderBy(gymsTable.id)
  const [offering] = await db.select().from(offerings).where(eq(offerings.organisationId, organisation.id))
  if (!offering) throw new Error('This database has no benchmark fixture')
  return { organisation, gyms: gymRows.map((gym) => gym.id), offering }
}
