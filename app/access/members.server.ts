import { and, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm'
import { seesMoneyAt } from '~/contracts/areas'
import type { Db } from '~/db/client.server'
import { subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { callerMayUse, type StaffCaller, unauthorisedMessage } from './caller.server'
import { ownedBy } from './scope.server'

/**
 * A member the caller may see (SPEC §6): one of their organisation's members who belongs to one of the
 * caller's gyms — home gym, or a membership there; an organisation admin sees every member. Anyone
 * else, another organisation's included, is a 404: their existence leaks nothing.
 */
export async function findMemberInScope(options: { db: Db; caller: StaffCaller; memberId: number }) {
  const { db, caller } = options
  const inCallersGyms =
    caller.isOrganisationAdmin || caller.gymIds.length === 0
      ? undefined
      : or(
          inArray(users.homeGymId, caller.gymIds),
          exists(
            db
              .select({ one: sql`1` })
              .from(subscriptions)
              .where(and(eq(subscriptions.userId, users.id), inArray(subscriptions.gymId, caller.gymIds))),
          ),
        )
  const [member] = await db
    .select({ id: users.id, homeGymId: users.homeGymId })
    .from(users)
    .where(
      and(
        eq(users.id, options.memberId),
        ownedBy(users, caller.organisationId),
        eq(users.isStaff, false),
        isNull(users.deletedAt),
        caller.isOrganisationAdmin ? undefined : (inCallersGyms ?? sql`false`),
      ),
    )
  if (!member) throw new AppError('NOT_FOUND', 'Member not found.')
  return member
}

/**
 * Who sees a member's date of birth and address: the member's page shows them (its Contact box) to
 * everyone who may open it, the members area (SPEC §6: trainers included); the members export gives them
 * to the same people. Read by the export; the page's answer must follow it if the rule ever narrows.
 */
export function seesPersonalDetails(caller: StaffCaller): boolean {
  return callerMayUse(caller, 'members')
}

/**
 * Money moves at a gym only on the word of someone who runs it: an organisation admin, or an admin of
 * that gym. A gym the caller doesn't see is a 404; one where they are a personal trainer a 403.
 */
export function requireGymAdmin(caller: StaffCaller, gymId: number): void {
  if (caller.isOrganisationAdmin) return
  const index = caller.gymIds.indexOf(gymId)
  if (index === -1) throw new AppError('NOT_FOUND', 'Gym not found.')
  if (caller.access.gymRoles[index] !== 'admin') throw new AppError('FORBIDDEN', unauthorisedMessage)
}

/**
 * A member the caller may change (issue 15): in scope (else 404), and at a gym the caller runs: their
 * latest membership's gym, else their home gym (else 403); with neither, only an organisation admin.
 */
export async function findManageableMember(options: { db: Db; caller: StaffCaller; memberId: number }) {
  const member = await findMemberInScope(options)
  const gymId = await memberGymId(options.db, member)
  if (gymId !== null) requireGymAdmin(options.caller, gymId)
  else if (!options.caller.isOrganisationAdmin) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return member
}

/**
 * The gym a member's record is of (ADR 032): their latest membership's gym, else their home gym; null
 * with neither. Who may change the member and who sees their money both read it.
 */
async function memberGymId(db: Db, member: { id: number; homeGymId: number | null }) {
  const [latest] = await db
    .select({ gymId: subscriptions.gymId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)
  return latest?.gymId ?? member.homeGymId
}

/**
 * A member in scope (else 404) and whether the caller sees their money and door code (ADR 032): those
 * who run the member's gym (`memberGymId`) do; a personal trainer there doesn't, whatever they are at
 * another gym. A member of no gym: only an organisation admin.
 */
export async function findMemberWithMoneyRight(options: { db: Db; caller: StaffCaller; memberId: number }) {
  const member = await findMemberInScope(options)
  const gymId = await memberGymId(options.db, member)
  const seesMoney =
    options.caller.isOrganisationAdmin || (gymId !== null && seesMoneyAt(options.caller.roles, gymId))
  return { member, gymId, seesMoney }
}

/** A member whose money or door code is asked for: in scope (else 404), at a gym the caller runs (else 403). */
export async function findMemberForMoney(options: { db: Db; caller: StaffCaller; memberId: number }) {
  const found = await findMemberWithMoneyRight(options)
  if (!found.seesMoney) throw new AppError('FORBIDDEN', unauthorisedMessage)
  return found.member
}
