import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { paymentRoutes } from '~/contracts/api/payments.routes'
import { paymentsQuerySchema } from '~/contracts/payments'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** `GET /api/payments`: one page of the payments of the gyms the caller runs, with the filtered totals. */
export const fetchPayments = createServerFn({ method: 'GET' })
  .validator(paymentsQuerySchema)
  .handler(({ data }) => api().call(paymentRoutes.list, { query: data }))

const paymentId = z.object({ id: recordId })

/** "Retry now" on a failed payment: the engine charges the period again at once. */
export const retryPayment = createServerFn({ method: 'POST' })
  .validator(paymentId)
  .handler(({ data }) => toActionResult(() => api().call(paymentRoutes.retry, { params: data })))

/** "Send payment link": a single-use link e-mailed to the member. */
export const sendPaymentLink = createServerFn({ method: 'POST' })
  .validator(paymentId)
  .handler(({ data }) => toActionResult(() => api().call(paymentRoutes.sendLink, { params: data })))

/** "Waive": the member no longer owes the payment; the reason goes in the audit log. */
export const waivePayment = createServerFn({ method: 'POST' })
  .validator(paymentId.extend({ reason: z.string().max(2000) }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().call(paymentRoutes.waive, { params: { id: data.id }, body: { reason: data.reason } }),
    ),
  )
