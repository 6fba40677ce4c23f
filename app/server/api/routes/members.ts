import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  callerMayUse,
  gymScope,
  requireArea,
  requireStaff,
  type StaffCaller,
  seesMoneyIn,
} from '~/access/caller.server'
import { findVisibleOffering } from '~/access/catalogue.server'
import { seesPersonalDetails } from '~/access/members.server'
import { paginate } from '~/contracts/api/envelope'
import { memberRoutes as routes } from '~/contracts/api/members.routes'
import type { ParsedMemberFilters } from '~/contracts/members'
import { findMemberFilterOptions } from '~/server/services/members/find-member-filter-options.server'
import { findMemberPage, forEachMemberBatch } from '~/server/services/members/find-member-page.server'
import { membersCsvHeader, membersCsvRows } from '~/server/services/members/members-csv.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { csvDownload } from '../csv-download'
import { toMemberRowResource } from '../resources/member'

/**
 * The filters as the caller may use them: a gym or offering they cannot see is a 404 (like another
 * organisation's); money filters and sorts mean nothing to staff who may not see money (ADR 014: they
 * are dropped).
 */
async function filtersFor(c: Context<ApiEnv>, caller: StaffCaller, filters: ParsedMemberFilters) {
  const { gym_id, ...rest } = filters
  const scope = gymScope(caller, gym_id)
  const seesMoney = seesMoneyIn(caller, scope)
  if (rest.offering_id !== undefined) {
    await findVisibleOffering({ db: c.var.database.db, viewer: caller, offeringId: rest.offering_id })
  }
  if (seesMoney) return { seesMoney, scope, filters: rest }
  const sort = rest.sort === 'balance' || rest.sort === '-balance' ? 'name' : rest.sort
  return { seesMoney, scope, filters: { ...rest, owing: undefined, sort } }
}

/** The members list, what its filters offer, and its export (issue 15). */
export function registerMemberRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const { page, per_page, ...query } = c.req.valid('query')
    const { seesMoney, scope, filters } = await filtersFor(c, caller, query)
    const found = await findMemberPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      filters,
      now: c.var.now,
      page,
      perPage: per_page,
    })
    const rows = found.rows.map((row) => toMemberRowResource(row, { now: c.var.now, seesMoney }))
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.filterOptions, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const options = await findMemberFilterOptions({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope: gymScope(caller, undefined),
    })
    return c.json(
      // Whether the caller runs a gym (adds members there); the list's money follows the gym shown.
      { data: { gyms: caller.gyms, ...options, sees_money: callerMayUse(caller, 'payments') } },
      200,
    )
  })

  api.openapi(routes.export, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const { seesMoney, scope, filters } = await filtersFor(c, caller, c.req.valid('json'))
    const options = { seesMoney, seesPersonalDetails: seesPersonalDetails(caller) }
    const list = {
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope,
      filters,
      now: c.var.now,
    }
    const snapshot = c.var.database.driver.kind === 'pg'
    return csvDownload(c, {
      list: 'members',
      caller,
      filters: c.req.valid('json'),
      scope,
      header: membersCsvHeader(options),
      rows: (write) => writeMemberRows({ ...list, snapshot }, options, write),
    })
  })
}

/** The export's rows, batch by batch, as the list shows them, personal details for those who see them. */
function writeMemberRows(
  list: Parameters<typeof forEachMemberBatch>[0],
  options: { seesMoney: boolean; seesPersonalDetails: boolean },
  write: (text: string) => Promise<void>,
) {
  const { now } = list
  return forEachMemberBatch(list, (rows) =>
    write(
      membersCsvRows(
        rows.map((row) => ({
          row: toMemberRowResource(row, { now, seesMoney: options.seesMoney }),
          personal: options.seesPersonalDetails ? row.personal : null,
        })),
        options,
      ),
    ),
  )
}
