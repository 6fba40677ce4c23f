import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import { type StaffCaller, unauthorisedMessage } from '~/access/caller.server'
import { ownedBy } from '~/access/scope.server'
import { type StaffViewScope, staffViewScope } from '~/access/staff.server'
import type { StaffRole } from '~/contracts/enums'
import type { StaffSort, StaffStatus } from '~/contracts/staff'
import type { Db } from '~/db/client.server'
import { escapeLike } from '~/db/like'
import { readTogether } from '~/db/read-together.server'
import { gyms, staffGymRoles, users, visits } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { notFound } from '../service-input.server'

/**
 * Whose staff records a viewer reads: the whole organisation (its admins), or the staff holding a role
 * at some gyms (a gym admin: the gyms they run). Only those gyms' roles are listed to the latter.
 */

// The users table named in full inside subqueries: a one-table select writes its own columns bare,
// which the subqueries' tables (all with an `id`) would answer to.
const staffUser = sql.raw('"users"')

const gymIdsArray = (gymIds: readonly number[]) => sql`${`{${gymIds.join(',')}}`}::int[]`

/** Staff with a role at one of the scope's gyms (nothing to add for the whole organisation). */
function inViewScope(scope: StaffViewScope): SQL | undefined {
  if (scope.wholeOrganisation) return undefined
  if (scope.gymIds.length === 0) return sql`false`
  return sql`exists (select 1 from ${staffGymRoles} r where r.user_id = ${staffUser}.id and r.gym_id = any(${gymIdsArray(scope.gymIds)}))`
}

function columns(scope: StaffViewScope) {
  const gymCondition = scope.wholeOrganisation ? sql`` : sql`and r.gym_id = any(${gymIdsArray(scope.gymIds)})`
  return {
    user: users,
    gyms: sql<Array<{ id: number; name: string; role: StaffRole }>>`coalesce((
      select json_agg(json_build_object('id', g.id, 'name', g.name, 'role', r.role) order by g.name, g.id)
      from ${staffGymRoles} r join ${gyms} g on g.id = r.gym_id
      where r.user_id = ${staffUser}.id ${gymCondition}), '[]'::json)`,
    /** A trainer at every gym of the organisation (so no admin role at any). */
    trainerEverywhere: sql<boolean>`(
      (select count(*) from ${staffGymRoles} r where r.user_id = ${staffUser}.id and r.role = 'personal_trainer')
      = (select count(*) from ${gyms} g where g.organisation_id = ${staffUser}.organisation_id))`,
    visitsCount: sql<number>`(
      select count(*) from ${visits} v where v.user_id = ${staffUser}.id and v.successful)`.mapWith(Number),
  }
}

function statusCondition(status: StaffStatus | undefined): SQL | undefined {
  switch (status) {
    case undefined:
      return isNull(users.deletedAt)
    case 'active':
      return and(isNull(users.deletedAt), eq(users.pendingInvite, 0))
    case 'invited':
      return and(isNull(users.deletedAt), sql`${users.pendingInvite} > 0`)
    case 'deactivated':
      return isNotNull(users.deletedAt)
  }
}

const orderOf: Record<StaffSort, SQL[]> = {
  name: [asc(sql`lower(${users.name})`), asc(users.id)],
  '-name': [desc(sql`lower(${users.name})`), desc(users.id)],
  created_at: [asc(users.createdAt), asc(users.id)],
  '-created_at': [desc(users.createdAt), desc(users.id)],
}

/** One page of the organisation's staff (issue 17), filtered and sorted as the staff list asks. */
export async function findStaffPage(options: {
  db: Db
  organisationId: number
  scope: StaffViewScope
  search?: string | undefined
  status?: StaffStatus | undefined
  gymId?: number | undefined
  sort: StaffSort
  page: number
  perPage: number
}) {
  const { db, scope } = options
  const text = options.search ? `%${escapeLike(options.search.toLowerCase())}%` : undefined
  const where = and(
    ownedBy(users, options.organisationId),
    eq(users.isStaff, true),
    statusCondition(options.status),
    inViewScope(scope),
    text === undefined
      ? undefined
      : sql`(lower(${users.name}) like ${text} or lower(${users.email}) like ${text})`,
    options.gymId === undefined
      ? undefined
      : sql`exists (select 1 from ${staffGymRoles} r where r.user_id = ${staffUser}.id and r.gym_id = ${options.gymId})`,
  )
  const [rows, [counted]] = await readTogether(db, [
    () =>
      db
        .select(columns(scope))
        .from(users)
        .where(where)
        .orderBy(...orderOf[options.sort])
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage),
    () =>
      db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
        .where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/** One staff member of the organisation in the viewer's scope (deactivated ones included), or undefined. */
export async function findStaffMember(options: {
  db: Db
  organisationId: number
  scope: StaffViewScope
  staffId: number
}) {
  const [row] = await options.db
    .select(columns(options.scope))
    .from(users)
    .where(
      and(
        eq(users.id, options.staffId),
        ownedBy(users, options.organisationId),
        eq(users.isStaff, true),
        inViewScope(options.scope),
      ),
    )
  return row
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>

/** Who an address already belongs to in the organisation, staff or member. */
export async function findUserByEmail(options: { db: Db; organisationId: number; email: string }) {
  const [found] = await options.db
    .select({ id: users.id, isStaff: users.isStaff, deletedAt: users.deletedAt })
    .from(users)
    .where(
      and(
        ownedBy(users, options.organisationId),
        sql`lower(${users.email}) = ${options.email.trim().toLowerCase()}`,
      ),
    )
    .limit(1)
  return found
}

/** A staff member the caller may see (deactivated ones included), read with what the screens show. */
export async function findStaffInScope(options: { db: Db; caller: StaffCaller; staffId: number }) {
  const { caller } = options
  const row = await findStaffMember({
    db: options.db,
    organisationId: caller.organisationId,
    scope: staffViewScope(caller),
    staffId: options.staffId,
  })
  if (!row) throw new AppError('NOT_FOUND', 'Staff member not found.')
  return row
}

/** A staff member the caller may change: one they see (else 404), and only as an organisation admin (403). */
export async function findManageableStaff(options: { db: Db; caller: StaffCaller; staffId: number }) {
  const row = await findStaffInScope(options)
  if (!options.caller.isOrganisationAdmin) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return row
}

/** A staff member as the staff screens show them to an organisation admin, after a change; else a 404. */
export async function findChangedStaffMember(options: { db: Db; organisationId: number; staffId: number }) {
  const row = await findStaffMember({ ...options, scope: { wholeOrganisation: true } })
  if (!row) throw notFound('Staff member')
  return row
}

/** Whether an address is free for a new staff member, and if not, why, in words (the invite form). */
export async function checkStaffAddress(options: { db: Db; organisationId: number; email: string }) {
  const found = await findUserByEmail(options)
  const message = !found
    ? null
    : !found.isStaff
      ? 'This address belongs to a member of your organisation. Invite staff with an address of their own.'
      : found.deletedAt
        ? 'This address belongs to a deactivated staff member.'
        : 'This address already belongs to one of your staff.'
  return { exists: found !== undefined, staffId: found?.isStaff ? found.id : null, message }
}
