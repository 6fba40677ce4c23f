import { and, asc, eq, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { destinationAccounts, gyms, memberCounts, staffGymRoles, users } from '~/db/schema'
import { notFound } from '../service-input.server'
import { bankPayersCount } from './bank-payers.server'
import { joinSiteColumns } from './gym-on-join-site.server'

/**
 * The organisation's gyms with what the gyms screens show (issue 17): staff with a role there (not
 * deleted), members (from `member_counts`, the members list's own counts), the viewer's role there,
 * the newest destination account, and how many members pay it by bank (told when that account changes). One query whatever the number of gyms; `gymId` narrows it to one.
 */
export async function findGyms(options: {
  db: Db
  organisationId: number
  viewerId: number
  gymId?: number
}) {
  const { db, organisationId } = options
  // The gym's table named in full: a one-table select writes its own columns bare, which the
  // subqueries' tables would also answer to.
  const gym = sql.raw('"gyms"')
  const staffCount = sql<number>`(
    select count(*) from ${staffGymRoles} r join ${users} u on u.id = r.user_id
    where r.gym_id = ${gym}.id and u.deleted_at is null)`.mapWith(Number)
  const membersCount = sql<number>`(
    select coalesce(sum(mc.members), 0) from ${memberCounts} mc
    where mc.organisation_id = ${gym}.organisation_id and mc.gym_id = ${gym}.id)`.mapWith(Number)
  const role = sql<'admin' | 'personal_trainer' | null>`(
    select r.role from ${staffGymRoles} r where r.gym_id = ${gym}.id and r.user_id = ${options.viewerId})`
  const account = sql<{ id: number; name: string; bank_account_number: string } | null>`(
    select json_build_object('id', a.id, 'name', a.name, 'bank_account_number', a.bank_account_number)
    from ${destinationAccounts} a where a.gym_id = ${gym}.id order by a.id desc limit 1)`
  return db
    .select({
      gym: gyms,
      staffCount,
      membersCount,
      role,
      account,
      bankPayers: bankPayersCount(sql`${gym}.id`),
      joinSite: joinSiteColumns,
    })
    .from(gyms)
    .where(
      and(
        ownedBy(gyms, organisationId),
        options.gymId === undefined ? undefined : eq(gyms.id, options.gymId),
      ),
    )
    .orderBy(asc(gyms.name), asc(gyms.id))
}

export type GymRow = Awaited<ReturnType<typeof findGyms>>[number]

/** One gym as the gyms screens show it (`findGyms` narrowed to it); unknown or another organisation's, a 404. */
export async function findGym(options: { db: Db; organisationId: number; viewerId: number; gymId: number }) {
  const [row] = await findGyms(options)
  if (!row) throw notFound('Gym')
  return row
}
