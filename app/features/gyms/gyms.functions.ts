import { createServerFn } from '@tanstack/react-start'
import { api } from '~/lib/api-client.server'
import { recordId, z } from '~/lib/validation'
import { gymRoutes } from '~/server/api/routes/gyms.routes'

/** `GET /api/gyms`: the organisation's gyms. */
export const fetchGyms = createServerFn({ method: 'GET' }).handler(() => api().data(gymRoutes.list))

/** `GET /api/gyms/{id}`: one gym. */
export const fetchGym = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(gymRoutes.show, { params: data }))
