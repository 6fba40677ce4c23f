import type { OpenAPIHono } from '@hono/zod-openapi'
import { moneyScope, requireArea, requireStaff } from '~/access/caller.server'
import { findPaymentPage, forEachPaymentBatch } from '~/server/services/payments/find-payment-page.server'
import { paymentsCsvHeader, paymentsCsvRows } from '~/server/services/payments/payments-csv.server'
import type { ApiEnv } from '../context'
import { csvDownload } from '../csv-download'
import { paginate } from '../envelope'
import { toPaymentRowResource } from '../resources/payment-row'
import { paymentRoutes as routes } from './payments.routes'

/** The payments list and its export (issue 16): money, so only the gyms the caller runs (ADR 014). */
export function registerPaymentRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    const caller = await requireStaff(c)
    requireArea(caller, 'payments')
    const { page, per_page, gym_id, ...filters } = c.req.valid('query')
    const found = await findPaymentPage({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      scope: moneyScope(caller, gym_id),
      filters,
      page,
      perPage: per_page,
    })
    const rows = found.rows.map(toPaymentRowResource)
    return c.json(
      {
        ...paginate({ rows, total: found.totals.count, page, perPage: per_page, url: c.req.url }),
        totals: found.totals,
      },
      200,
    )
  })

  api.openapi(routes.export, async (c) => {
    const caller = await requireStaff(c)
    requireArea(caller, 'payments')
    const { gym_id, ...filters } = c.req.valid('json')
    const scope = moneyScope(caller, gym_id)
    const db = c.var.database.db
    return csvDownload(c, {
      list: 'payments',
      caller,
      filters: c.req.valid('json'),
      scope,
      header: paymentsCsvHeader(),
      rows: (write) =>
        forEachPaymentBatch(
          {
            db,
            organisationId: caller.organisationId,
            scope,
            filters,
            snapshot: c.var.database.driver.kind === 'pg',
          },
          (rows) => write(paymentsCsvRows(rows.map(toPaymentRowResource))),
        ),
    })
  })
}
