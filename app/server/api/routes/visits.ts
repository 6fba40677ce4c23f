import type { OpenAPIHono } from '@hono/zod-openapi'
import { gymScope, requireArea, requireStaff } from '~/access/caller.server'
import { paginate } from '~/contracts/api/envelope'
import { visitRoutes as routes } from '~/contracts/api/visits.routes'
import { findVisitPage, forEachVisitBatch } from '~/server/services/visits/find-visit-page.server'
import { visitsCsvHeader, visitsCsvRows } from '~/server/services/visits/visits-csv.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { csvDownload } from '../csv-download'
import { toVisitRowResource } from '../resources/visit-row'

/** The visits list and its export (issue 16). */
export function registerVisitRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'visits')
    const { page, per_page, gym_id, ...filters } = c.req.valid('query')
    const found = await findVisitPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope: gymScope(caller, gym_id),
      filters,
      page,
      perPage: per_page,
    })
    const rows = found.rows.map(toVisitRowResource)
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.export, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'visits')
    const { gym_id, ...filters } = c.req.valid('json')
    const scope = gymScope(caller, gym_id)
    const db = c.var.database.db
    return csvDownload(c, {
      list: 'visits',
      caller,
      filters: c.req.valid('json'),
      scope,
      header: visitsCsvHeader(),
      rows: (write) =>
        forEachVisitBatch(
          {
            db,
            organisationId: caller.organisationId,
            scope,
            filters,
            snapshot: c.var.database.driver.kind === 'pg',
          },
          (rows) => write(visitsCsvRows(rows.map(toVisitRowResource))),
        ),
    })
  })
}
