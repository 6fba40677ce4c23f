import type { OpenAPIHono } from '@hono/zod-openapi'
import { moneyScope, requireArea, requireStaff } from '~/access/caller.server'
import { findPaymentToManage } from '~/access/payments.server'
import { paginate } from '~/contracts/api/envelope'
import { paymentRoutes as routes } from '~/contracts/api/payments.routes'
import { findOrganisation } from '~/server/services/organisations/find-organisation.server'
import { sendPaymentLink } from '~/server/services/payment-links/send-payment-link.server'
import { findPaymentPage, forEachPaymentBatch } from '~/server/services/payments/find-payment-page.server'
import { paymentsCsvHeader, paymentsCsvRows } from '~/server/services/payments/payments-csv.server'
import { retryPaymentNow } from '~/server/services/payments/retry-payment.server'
import { waivePayment } from '~/server/services/payments/waive-payment.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { csvDownload } from '../csv-download'
import { publicSiteUrl } from '../request-info'
import { toRetryAnswer } from '../resources/charge-outcome'
import { toPaymentRowResource } from '../resources/payment-row'

/** The payments list and its export (issue 16): money, so only the gyms the caller runs (ADR 014). */
export function registerPaymentRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    const caller = await requireStaff(actorOf(c))
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
    const rows = found.rows.map((row) => toPaymentRowResource(row, found.fixable))
    const total = found.totals.count
    return c.json(
      { ...paginate({ rows, total, page, perPage: per_page, url: c.req.url }), totals: found.totals },
      200,
    )
  })

  api.openapi(routes.export, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'payments')
    const { gym_id, ...filters } = c.req.valid('json')
    const scope = moneyScope(caller, gym_id)
    const list = { db: c.var.database.db, organisationId: caller.organisationId, scope, filters }
    const snapshot = c.var.database.driver.kind === 'pg'
    return csvDownload(c, {
      list: 'payments',
      caller,
      filters: c.req.valid('json'),
      scope,
      header: paymentsCsvHeader(),
      rows: (write) => writePaymentRows({ ...list, snapshot }, write),
    })
  })

  api.openapi(routes.retry, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const payment = await findPaymentToManage({ db, caller, paymentId: c.req.valid('param').id })
    const outcome = await retryPaymentNow({
      db,
      now: c.var.now,
      providers: c.var.payments.charges,
      paymentId: payment.id,
      actorId: caller.user.id,
    })
    return c.json({ data: toRetryAnswer(outcome), message: outcome.message }, 200)
  })

  api.openapi(routes.waive, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const payment = await findPaymentToManage({ db, caller, paymentId: c.req.valid('param').id })
    const { message } = await waivePayment({
      db,
      now: c.var.now,
      paymentId: payment.id,
      reason: c.req.valid('json').reason,
      actorId: caller.user.id,
      mailer: c.var.mailer,
    })
    return c.json({ message }, 200)
  })

  api.openapi(routes.sendLink, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const payment = await findPaymentToManage({ db, caller, paymentId: c.req.valid('param').id })
    const sent = await sendPaymentLink({
      db,
      now: c.var.now,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
      paymentId: payment.id,
      actorId: caller.user.id,
    })
    return c.json({ data: { expires_at: sent.expiresAt.toISOString() }, message: sent.message }, 201)
  })
}

/** The export's rows, batch by batch, with GST columns when the organisation is registered for it. */
async function writePaymentRows(
  options: Parameters<typeof forEachPaymentBatch>[0],
  write: (text: string) => Promise<void>,
) {
  const organisation = await findOrganisation({ db: options.db, organisationId: options.organisationId })
  const gstRegistered = Boolean(organisation.gstNumber)
  await forEachPaymentBatch(options, (rows) =>
    write(
      paymentsCsvRows(
        rows.map((row) => toPaymentRowResource(row)),
        { gstRegistered },
      ),
    ),
  )
}
