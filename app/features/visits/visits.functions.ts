import { createServerFn } from '@tanstack/react-start'
import { api } from '~/lib/api-client.server'
import { visitRoutes } from '~/server/api/routes/visits.routes'
import { visitsQuerySchema } from './contract'

/** `GET /api/visits`: one page of the entries and refused entries at the caller's gyms. */
export const fetchVisits = createServerFn({ method: 'GET' })
  .validator(visitsQuerySchema)
  .handler(({ data }) => api().call(visitRoutes.list, { query: data }))
