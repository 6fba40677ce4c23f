import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { accountPaymentRoutes as routes } from '~/contracts/api/account-payments.routes'
import { paginate } from '~/contracts/api/envelope'
import { findAccountBalance, issueAccountPaymentLink } from '~/server/services/account/account-balance.server'
import { findAccountPaymentPage } from '~/server/services/account/find-account-payments.server'
import {
  hasSignedAgreement,
  type PdfFile,
  paymentReceiptPdf,
  signedAgreementFile,
} from '~/server/services/account/payment-papers.server'
import { memberCall } from '../actor'
import type { ApiEnv } from '../context'
import { toAccountBalanceResource, toAccountPaymentResource } from '../resources/account-payment'

/** The member's own payments and papers, and paying what they owe from their account (issue 28). */
export function registerAccountPaymentRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    const { page, per_page } = c.req.valid('query')
    const found = await findAccountPaymentPage({ ...memberCall(c), page, perPage: per_page })
    const rows = found.rows.map(toAccountPaymentResource)
    return c.json(paginate({ rows, total: found.total, page, perPage: per_page, url: c.req.url }), 200)
  })

  api.openapi(routes.receipt, async (c) => {
    const file = await paymentReceiptPdf({ ...memberCall(c), paymentId: c.req.valid('param').id })
    return pdfDownload(c, file)
  })

  api.openapi(routes.agreement, async (c) => pdfDownload(c, await signedAgreementFile(memberCall(c))))

  api.openapi(routes.balance, async (c) => {
    const member = memberCall(c)
    const balance = await findAccountBalance(member)
    const agreement = await hasSignedAgreement(member.db, member.organisationId, member.userId)
    return c.json({ data: toAccountBalanceResource(balance, agreement) }, 200)
  })

  api.openapi(routes.payLink, async (c) => {
    const link = await issueAccountPaymentLink(memberCall(c))
    return c.json({ data: link }, 201)
  })
}

/** A PDF as a download: a phone saves it rather than opening it in place of the page. */
function pdfDownload(c: Context<ApiEnv>, file: PdfFile) {
  return c.body(file.bytes.slice().buffer as ArrayBuffer, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  })
}
