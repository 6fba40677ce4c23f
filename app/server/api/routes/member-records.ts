import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { requireArea, requireStaff, requireVisibleGym, type StaffCaller } from '~/access/caller.server'
import {
  findManageableMember,
  findMemberForMoney,
  findMemberInScope,
  findMemberWithMoneyRight,
  requireGymAdmin,
} from '~/access/members.server'
import { paginate } from '~/contracts/api/envelope'
import { memberRoutes as routes } from '~/contracts/api/members.routes'
import type { Db } from '~/db/client.server'
import { addMember } from '~/server/services/members/add-member.server'
import { deactivateMember } from '~/server/services/members/deactivate-member.server'
import {
  findPeriodsInRange,
  findWeeklyCostPerVisit,
  findWeeklyVisits,
} from '~/server/services/members/find-member-activity.server'
import { findExistingMemberDetail } from '~/server/services/members/find-member-detail.server'
import {
  findMemberAuditPage,
  findMemberPayments,
  findMemberVisits,
} from '~/server/services/members/find-member-history.server'
import { updateMember } from '~/server/services/members/update-member.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import {
  fromAddMemberRequest,
  toMemberDetailResource,
  toMemberHistoryResource,
  toMemberPaymentResource,
  toMemberPeriodResource,
  toMemberVisitResource,
  toMemberWeekCostResource,
  toMemberWeekResource,
} from '../resources/member'

type MemberCheck<T> = (options: { db: Db; caller: StaffCaller; memberId: number }) => Promise<T>

/** The members area, and the member `id` as `check` lets the caller reach them (app/access/members). */
async function memberBy<T>(c: Context<ApiEnv>, id: number, check: MemberCheck<T>) {
  const caller = await requireStaff(actorOf(c))
  requireArea(caller, 'members')
  const db = c.var.database.db
  const found = await check({ db, caller, memberId: id })
  return { caller, db, id, found }
}

/** A member of the caller's gyms; another gym's or organisation's is a 404. */
const memberInScope = (c: Context<ApiEnv>, id: number) => memberBy(c, id, findMemberInScope)

/**
 * A member of the caller's gyms, and whether the caller sees their money (ADR 032: those who run the
 * member's gym); another gym's or organisation's member is a 404.
 */
async function memberWithMoneyRight(c: Context<ApiEnv>, id: number) {
  const { found, ...rest } = await memberBy(c, id, findMemberWithMoneyRight)
  return { ...rest, seesMoney: found.seesMoney }
}

/** A member whose money is asked for: in scope (else 404), at a gym the caller runs (else 403; ADR 032). */
const memberForMoney = (c: Context<ApiEnv>, id: number) => memberBy(c, id, findMemberForMoney)

/** A member the caller may change (the members area, a gym they run); see `findManageableMember`. */
const manageableMember = (c: Context<ApiEnv>, id: number) => memberBy(c, id, findManageableMember)

/** One member: their page, payments, visits and history; adding, changing and deleting them (issue 15). */
export function registerMemberRecordRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    const { db, id, seesMoney } = await memberWithMoneyRight(c, c.req.valid('param').id)
    const detail = await findExistingMemberDetail({ db, memberId: id, now: c.var.now })
    return c.json({ data: toMemberDetailResource(detail, { now: c.var.now, seesMoney }) }, 200)
  })

  api.openapi(routes.payments, async (c) => {
    // A member's payments are money: those who run the member's gym only (ADR 032), after the 404 for a
    // member out of scope.
    const { db, id } = await memberForMoney(c, c.req.valid('param').id)
    const { page, per_page } = c.req.valid('query')
    const found = await findMemberPayments({ db, memberId: id, page, perPage: per_page })
    const rows = found.rows.map((row) => toMemberPaymentResource(row, found.fixable))
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.visits, async (c) => {
    const { db, id } = await memberInScope(c, c.req.valid('param').id)
    const { page, per_page } = c.req.valid('query')
    const found = await findMemberVisits({ db, memberId: id, page, perPage: per_page })
    const rows = found.rows.map(toMemberVisitResource)
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.history, async (c) => {
    const { caller, db, id, seesMoney } = await memberWithMoneyRight(c, c.req.valid('param').id)
    const { page, per_page } = c.req.valid('query')
    const { organisationId } = caller
    const found = await findMemberAuditPage({
      db,
      organisationId,
      memberId: id,
      page,
      perPage: per_page,
      seesMoney,
    })
    const rows = found.rows.map((entry) => toMemberHistoryResource(entry, { seesMoney }))
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.add, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const body = c.req.valid('json')
    // A gym the caller can't see is unknown to them; one where they train, not theirs to add to.
    requireVisibleGym(caller, body.gym_id)
    requireGymAdmin(caller, body.gym_id)
    const detail = await addMember({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
      member: fromAddMemberRequest(body),
    })
    // Added at a gym the caller runs (requireGymAdmin above).
    return c.json({ data: toMemberDetailResource(detail, { now: c.var.now, seesMoney: true }) }, 201)
  })

  api.openapi(routes.update, async (c) => {
    const { caller, id } = await manageableMember(c, c.req.valid('param').id)
    const detail = await updateMember({
      db: c.var.database.db,
      now: c.var.now,
      mailer: c.var.mailer,
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      memberId: id,
      fields: c.req.valid('json'),
    })
    // Changed by someone who runs the member's gym (manageableMember above).
    return c.json({ data: toMemberDetailResource(detail, { now: c.var.now, seesMoney: true }) }, 200)
  })

  api.openapi(routes.delete, async (c) => {
    const { caller, id } = await manageableMember(c, c.req.valid('param').id)
    const { message } = await deactivateMember({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      memberId: id,
    })
    return c.json({ message }, 200)
  })

  api.openapi(routes.weeklyVisits, async (c) => {
    const { db, id } = await memberInScope(c, c.req.valid('param').id)
    const weeks = await findWeeklyVisits({
      db,
      memberId: id,
      now: c.var.now,
      weeks: c.req.valid('query').weeks,
    })
    return c.json({ data: weeks.map(toMemberWeekResource) }, 200)
  })

  api.openapi(routes.subscriptionPeriods, async (c) => {
    const { db, id, seesMoney } = await memberWithMoneyRight(c, c.req.valid('param').id)
    const weeks = c.req.valid('query').weeks
    const periods = await findPeriodsInRange({ db, memberId: id, now: c.var.now, weeks })
    return c.json({ data: periods.map((period) => toMemberPeriodResource(period, { seesMoney })) }, 200)
  })

  api.openapi(routes.weeklyCostPerVisit, async (c) => {
    const { db, id } = await memberForMoney(c, c.req.valid('param').id)
    const weeks = c.req.valid('query').weeks
    const costs = await findWeeklyCostPerVisit({ db, memberId: id, now: c.var.now, weeks })
    return c.json({ data: costs.map(toMemberWeekCostResource) }, 200)
  })
}
