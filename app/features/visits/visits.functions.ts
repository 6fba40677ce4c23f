import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { visitRoutes } from '~/contracts/api/visits.routes'
import { visitsQuerySchema } from '~/contracts/visits'

/** `GET /api/visits`: one page of the entries and refused entries at the caller's gyms. */
export const fetchVisits = createServerFn({ method: 'GET' })
  .validator(visitsQuerySchema)
  .handler(({ data }) => api().call(visitRoutes.list, { query: data }))
