import { createServerFn } from '@tanstack/react-start'
import { api } from '~/lib/api-client.server'
import {
  activeUserCountsQuerySchema,
  activeUserCountsSchema,
  activeUserQuerySchema,
  activeUserRowSchema,
  expectedPaymentsQuerySchema,
  expectedPaymentsSchema,
} from './contract'

/** `GET /api/expected-payments-debugging`: weeks of expected against collected payments. */
export const fetchExpectedPayments = createServerFn({ method: 'GET' })
  .validator(expectedPaymentsQuerySchema)
  .handler(({ data }) =>
    api().get('/expected-payments-debugging', { schema: expectedPaymentsSchema, query: data }),
  )

/** `GET /api/active-user-debugging`: one page of members with their state and its reason. */
export const fetchActiveUsers = createServerFn({ method: 'GET' })
  .validator(activeUserQuerySchema)
  .handler(({ data }) => api().list('/active-user-debugging', { schema: activeUserRowSchema, query: data }))

/** `GET /api/active-user-debugging/counts`: members per display state. */
export const fetchActiveUserCounts = createServerFn({ method: 'GET' })
  .validator(activeUserCountsQuerySchema)
  .handler(({ data }) =>
    api().get('/active-user-debugging/counts', { schema: activeUserCountsSchema, query: data }),
  )
