import type { OpenAPIHono } from '@hono/zod-openapi'
import { moneyScope, requireArea, requireStaff } from '~/access/caller.server'
import { findPaymentToManage } from '~/access/payments.server'
import { paginate } from '~/contracts/api/envelope'
import { paymentRoutes as routes } from '~/contracts/api/payments.routes'
import type { RetryAnswer } from '~/contracts/payments'
import { formatLongDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { findFixablePaymentIds } from '~/server/billing/engine/owed-periods.server'
import { findOrganisation } from '~/server/services/organisations/find-organisation.server'
import { sendPaymentLink } from '~/server/services/payment-links/send-payment-link.server'
import { findPaymentPage, forEachPaymentBatch } from '~/server/services/payments/find-payment-page.server'
import { paymentsCsvHeader, paymentsCsvRows } from '~/server/services/payments/payments-csv.server'
import { type ChargeNowOutcome, retryPaymentNow } from '~/server/services/payments/retry-payment.server'
import { waivePayment } from '~/server/services/payments/waive-payment.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { csvDownload } from '../csv-download'
import { publicSiteUrl } from '../request-info'
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
    const fixable = await findFixablePaymentIds(
      c.var.database.db,
      found.rows.map((row) => row.payment.id),
    )
    const rows = found.rows.map((row) => toPaymentRowResource(row, fixable))
    return c.json(
      {
        ...paginate({ rows, total: found.totals.count, page, perPage: per_page, url: c.req.url }),
        totals: found.totals,
      },
      200,
    )
  })

  api.openapi(routes.export, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'payments')
    const { gym_id, ...filters } = c.req.valid('json')
    const scope = moneyScope(caller, gym_id)
    const db = c.var.database.db
    const organisation = await findOrganisation({ db, organisationId: caller.organisationId })
    const gstRegistered = Boolean(organisation.gstNumber)
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
          (rows) =>
            write(
              paymentsCsvRows(
                rows.map((row) => toPaymentRowResource(row)),
                { gstRegistered },
              ),
            ),
        ),
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
    return c.json({ data: toRetryAnswer(outcome), message: retryMessage(outcome) }, 200)
  })

  api.openapi(routes.waive, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const payment = await findPaymentToManage({ db, caller, paymentId: c.req.valid('param').id })
    const waived = await waivePayment({
      db,
      now: c.var.now,
      paymentId: payment.id,
      reason: c.req.valid('json').reason,
      actorId: caller.user.id,
      mailer: c.var.mailer,
    })
    return c.json({ message: `Waived ${formatCents(waived.amount)}. The member no longer owes it.` }, 200)
  })

  api.openapi(routes.sendLink, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const db = c.var.database.db
    const payment = await findPaymentToManage({ db, caller, paymentId: c.req.valid('param').id })
    await consumeLimit({ db, name: 'paymentLinkSend', key: `payment:${payment.id}` })
    const sent = await sendPaymentLink({
      db,
      now: c.var.now,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
      paymentId: payment.id,
      actorId: caller.user.id,
    })
    return c.json(
      {
        data: { expires_at: sent.expiresAt.toISOString() },
        message: `Payment link sent. It works once, until ${formatLongDate(calendarDateAt(sent.expiresAt))}.`,
      },
      201,
    )
  })
}

export function toRetryAnswer(outcome: ChargeNowOutcome): RetryAnswer {
  return {
    status: outcome.status,
    payment_id: outcome.paymentId,
    amount: outcome.amount,
    failure_reason: outcome.status === 'failed' ? outcome.reason : null,
  }
}

function retryMessage(outcome: ChargeNowOutcome): string {
  const amount = formatCents(outcome.amount)
  if (outcome.status === 'sent') return `${amount} paid. The member owes nothing for this period now.`
  if (outcome.status === 'pending')
    return `${amount} is being processed. Bank payments usually clear within a day.`
  return `The payment of ${amount} failed again: ${outcome.reason}.`
}
