import { createServerFn } from '@tanstack/react-start'
import { api } from '~/lib/api-client.server'
import { paymentRoutes } from '~/server/api/routes/payments.routes'
import { paymentsQuerySchema } from './contract'

/** `GET /api/payments`: one page of the payments of the gyms the caller runs, with the filtered totals. */
export const fetchPayments = createServerFn({ method: 'GET' })
  .validator(paymentsQuerySchema)
  .handler(({ data }) => api().call(paymentRoutes.list, { query: data }))
