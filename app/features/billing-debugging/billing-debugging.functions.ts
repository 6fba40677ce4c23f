import { createServerFn } from '@tanstack/react-start'
import { billingDebuggingRoutes } from '~/contracts/api/billing-debugging.routes'
import { api } from '~/contracts/api/client.server'
import {
  activeUserCountsQuerySchema,
  activeUserQuerySchema,
  expectedPaymentsQuerySchema,
} from '~/contracts/billing-debugging'

/** `GET /api/expected-payments-debugging`: weeks of expected against collected payments. */
export const fetchExpectedPayments = createServerFn({ method: 'GET' })
  .validator(expectedPaymentsQuerySchema)
  .handler(({ data }) => api().data(billingDebuggingRoutes.expectedPayments, { query: data }))

/** `GET /api/active-user-debugging`: one page of members with their state and its reason. */
export const fetchActiveUsers = createServerFn({ method: 'GET' })
  .validator(activeUserQuerySchema)
  .handler(({ data }) => api().call(billingDebuggingRoutes.activeUsers, { query: data }))

/** `GET /api/active-user-debugging/counts`: members per display state. */
export const fetchActiveUserCounts = createServerFn({ method: 'GET' })
  .validator(activeUserCountsQuerySchema)
  .handler(({ data }) => api().data(billingDebuggingRoutes.activeUserCounts, { query: data }))
