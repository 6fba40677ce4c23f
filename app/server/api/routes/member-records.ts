import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { requireArea, requireStaff, requireVisibleGym } from '~/access/caller.server'
import {
  findManageableMember,
  findMemberForMoney,
  findMemberInScope,
  findMemberWithMoneyRight,
  requireGymAdmin,
} from '~/access/members.server'
import { paginate } from '~/contracts/api/envelope'
import { memberRoutes as routes } from '~/contracts/api/members.routes'
import { AppError } from '~/lib/errors'
import { findFixablePaymentIds } from '~/server/billing/engine/owed-periods.server'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import { addMember } from '~/server/services/members/add-member.server'
import { deactivateMember } from '~/server/services/members/deactivate-member.server'
import {
  costPerVisit,
  findPeriodsInRange,
  findWeeklyVisits,
} from '~/server/services/members/find-member-activity.server'
import { findMemberDetail } from '~/server/services/members/find-member-detail.server'
import {
  findMemberAuditPage,
  findMemberPayments,
  findMemberVisits,
} from '~/server/services/members/find-member-history.server'
import { updateMember } from '~/server/services/members/update-member.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import { toMemberDetailResource, toMemberPaymentResource } from '../resources/member'

/** History lines that name amounts, as staff who may not see money read them (ADR 014). */
const withoutMoney: Record<string, string> = {
  'payment.recorded': 'Payment recorded',
  'membership.started_early': 'Started early',
  'membership.price_change_scheduled': 'Price change scheduled',
  'payment.waived': 'A failed payment waived',
  'payment.retried': 'A failed payment retried',
}

/** A member of the caller's gyms (the members area); another gym's or organisation's is a 404. */
async function memberInScope(c: Context<ApiEnv>, id: number) {
  const caller = await requireStaff(actorOf(c))
  requireArea(caller, 'members')
  const db = c.var.database.db
  await findMemberInScope({ db, caller, memberId: id })
  return { caller, db, id }
}

/**
 * A member of the caller's gyms, and whether the caller sees their money (ADR 032: those who run the
 * member's gym); another gym's or organisation's member is a 404.
 */
async function memberWithMoneyRight(c: Context<ApiEnv>, id: number) {
  const caller = await requireStaff(actorOf(c))
  requireArea(caller, 'members')
  const db = c.var.database.db
  const { seesMoney } = await findMemberWithMoneyRight({ db, caller, memberId: id })
  return { caller, db, id, seesMoney }
}

/** A member whose money is asked for: in scope (else 404), at a gym the caller runs (else 403; ADR 032). */
async function memberForMoney(c: Context<ApiEnv>, id: number) {
  const caller = await requireStaff(actorOf(c))
  requireArea(caller, 'members')
  const db = c.var.database.db
  await findMemberForMoney({ db, caller, memberId: id })
  return { caller, db, id }
}

/** A member the caller may change (the members area, a gym they run); see `findManageableMember`. */
async function manageableMember(c: Context<ApiEnv>, id: number) {
  const caller = await requireStaff(actorOf(c))
  requireArea(caller, 'members')
  await findManageableMember({ db: c.var.database.db, caller, memberId: id })
  return { caller, id }
}

/** One member: their page, payments, visits and history; adding, changing and deleting them (issue 15). */
export function registerMemberRecordRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    const { db, id, seesMoney } = await memberWithMoneyRight(c, c.req.valid('param').id)
    const detail = await findMemberDetail({ db, memberId: id, now: c.var.now })
    if (!detail) throw new AppError('NOT_FOUND', 'Member not found.')
    const data = toMemberDetailResource(detail, { now: c.var.now, seesMoney })
    return c.json({ data }, 200)
  })

  api.openapi(routes.payments, async (c) => {
    // A member's payments are money: those who run the member's gym only (ADR 032), after the 404 for a
    // member out of scope.
    const { db, id } = await memberForMoney(c, c.req.valid('param').id)
    const { page, per_page } = c.req.valid('query')
    const found = await findMemberPayments({ db, memberId: id, page, perPage: per_page })
    const fixable = await findFixablePaymentIds(
      db,
      found.rows.map((row) => row.id),
    )
    const rows = found.rows.map((row) => toMemberPaymentResource(row, fixable))
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.visits, async (c) => {
    const { db, id } = await memberInScope(c, c.req.valid('param').id)
    const { page, per_page } = c.req.valid('query')
    const found = await findMemberVisits({ db, memberId: id, page, perPage: per_page })
    const rows = found.rows.map((row) => ({
      id: row.id,
      visited_at: row.visitedAt.toISOString(),
      gym: row.gym,
      successful: row.successful,
    }))
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.history, async (c) => {
    const { caller, db, id, seesMoney } = await memberWithMoneyRight(c, c.req.valid('param').id)
    const { page, per_page } = c.req.valid('query')
    const found = await findMemberAuditPage({
      db,
      organisationId: caller.organisationId,
      memberId: id,
      page,
      perPage: per_page,
    })
    const rows = found.rows.map((entry) => {
      if (entry.kind === 'email') {
        const mail = entry.row
        return {
          id: mail.id,
          action: 'email.sent',
          description: `E-mailed: ${mail.subject}`,
          actor: null,
          created_at: mail.createdAt.toISOString(),
          email: {
            to: mail.to,
            subject: mail.subject,
            text: seesMoney ? mail.text : null,
            status: mail.status,
          },
        }
      }
      const row = entry.row
      return {
        id: row.id,
        action: row.action,
        description:
          !seesMoney && row.action in withoutMoney
            ? (withoutMoney[row.action] ?? row.action)
            : typeof row.changes.description === 'string'
              ? row.changes.description
              : row.action,
        actor: row.actor?.id != null ? row.actor : null,
        created_at: row.createdAt.toISOString(),
        email: null,
      }
    })
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.add, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const body = c.req.valid('json')
    // A gym the caller can't see is unknown to them; one where they train, not theirs to add to.
    requireVisibleGym(caller, body.gym_id)
    requireGymAdmin(caller, body.gym_id)
    const db = c.var.database.db
    const member = await addMember({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
      member: {
        name: body.name,
        email: body.email,
        mobileNumber: body.mobile_number,
        dob: body.dob,
        gymId: body.gym_id,
        priceId: body.price_id,
      },
    })
    await recordAudit(db, {
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      action: 'member.added',
      subjectType: 'member',
      subjectId: member.id,
      changes: { description: 'Added by staff and sent the link to finish joining' },
    })
    const detail = await findMemberDetail({ db, memberId: member.id, now: c.var.now })
    if (!detail) throw new AppError('NOT_FOUND', 'Member not found.')
    return c.json(
      {
        // Added at a gym the caller runs (requireGymAdmin above).
        data: toMemberDetailResource(detail, { now: c.var.now, seesMoney: true }),
      },
      201,
    )
  })

  api.openapi(routes.update, async (c) => {
    const { caller, id } = await manageableMember(c, c.req.valid('param').id)
    const db = c.var.database.db
    await updateMember({
      db,
      now: c.var.now,
      mailer: c.var.mailer,
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      memberId: id,
      fields: c.req.valid('json'),
    })
    const detail = await findMemberDetail({ db, memberId: id, now: c.var.now })
    if (!detail) throw new AppError('NOT_FOUND', 'Member not found.')
    return c.json(
      {
        // Changed by someone who runs the member's gym (manageableMember above).
        data: toMemberDetailResource(detail, { now: c.var.now, seesMoney: true }),
      },
      200,
    )
  })

  api.openapi(routes.delete, async (c) => {
    const { caller, id } = await manageableMember(c, c.req.valid('param').id)
    const { cancelledMemberships } = await deactivateMember({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: caller.organisationId,
      actorUserId: caller.user.id,
      memberId: id,
    })
    return c.json(
      {
        message:
          cancelledMemberships > 0
            ? 'Member deleted; their membership was cancelled today.'
            : 'Member deleted.',
      },
      200,
    )
  })

  api.openapi(routes.weeklyVisits, async (c) => {
    const { db, id } = await memberInScope(c, c.req.valid('param').id)
    const weeks = await findWeeklyVisits({
      db,
      memberId: id,
      now: c.var.now,
      weeks: c.req.valid('query').weeks,
    })
    return c.json({ data: weeks.map(weekResource) }, 200)
  })

  api.openapi(routes.subscriptionPeriods, async (c) => {
    const { db, id, seesMoney } = await memberWithMoneyRight(c, c.req.valid('param').id)
    const periods = await findPeriodsInRange({
      db,
      memberId: id,
      now: c.var.now,
      weeks: c.req.valid('query').weeks,
    })
    const data = periods.map((period) => ({
      starts_on: period.startsOn,
      ends_on: period.endsOn,
      offering: period.offering,
      amount: seesMoney ? period.amount : null,
      status_kind: period.statusKind,
    }))
    return c.json({ data }, 200)
  })

  api.openapi(routes.weeklyCostPerVisit, async (c) => {
    const { db, id } = await memberForMoney(c, c.req.valid('param').id)
    const options = { db, memberId: id, now: c.var.now, weeks: c.req.valid('query').weeks }
    const [weeks, periods] = await Promise.all([findWeeklyVisits(options), findPeriodsInRange(options)])
    const data = costPerVisit(weeks, periods).map((week) => ({
      ...weekResource(week),
      cost: week.cost,
      cost_per_visit: week.costPerVisit,
    }))
    return c.json({ data }, 200)
  })
}

function weekResource(week: { startsOn: string; endsOn: string; visits: number }) {
  return { starts_on: week.startsOn, ends_on: week.endsOn, visits: week.visits }
}
