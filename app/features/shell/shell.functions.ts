import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { gymRoutes } from '~/contracts/api/gyms.routes'
import { searchRoutes } from '~/contracts/api/search.routes'
import { gymIdParamsSchema, searchRequestSchema } from '~/contracts/shell'
import { toActionResult } from '~/lib/action-result'

/** `POST /api/search`: members by part of their name or e-mail. */
export const searchMembers = createServerFn({ method: 'POST' })
  .validator(searchRequestSchema)
  .handler(({ data }) => api().data(searchRoutes.search, { body: data }))

/** `POST /api/gyms/{id}/switch`: makes one of the user's gyms the current one. */
export const switchGym = createServerFn({ method: 'POST' })
  .validator(gymIdParamsSchema)
  .handler(({ data }) => toActionResult(() => api().data(gymRoutes.switch, { params: data })))
