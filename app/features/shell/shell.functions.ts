import { createServerFn } from '@tanstack/react-start'
import { toActionResult } from '~/lib/action-result'
import { api } from '~/lib/api-client.server'
import { gymRoutes } from '~/server/api/routes/gyms.routes'
import { searchRoutes } from '~/server/api/routes/search.routes'
import { gymIdParamsSchema, searchRequestSchema } from './contract'

/** `POST /api/search`: members by part of their name or e-mail. */
export const searchMembers = createServerFn({ method: 'POST' })
  .validator(searchRequestSchema)
  .handler(({ data }) => api().data(searchRoutes.search, { body: data }))

/** `POST /api/gyms/{id}/switch`: makes one of the user's gyms the current one. */
export const switchGym = createServerFn({ method: 'POST' })
  .validator(gymIdParamsSchema)
  .handler(({ data }) => toActionResult(() => api().data(gymRoutes.switch, { params: data })))
