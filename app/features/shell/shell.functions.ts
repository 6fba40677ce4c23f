import { createServerFn } from '@tanstack/react-start'
import { sessionUserSchema } from '~/features/auth/contract'
import { toActionResult } from '~/lib/action-result'
import { api } from '~/lib/api-client.server'
import { z } from '~/lib/validation'
import { gymIdParamsSchema, searchRequestSchema, searchResultSchema } from './contract'

/** `POST /api/search`: members by part of their name or e-mail. */
export const searchMembers = createServerFn({ method: 'POST' })
  .validator(searchRequestSchema)
  .handler(({ data }) => api().post('/search', { schema: z.array(searchResultSchema), body: data }))

/** `POST /api/gyms/{id}/switch`: makes one of the user's gyms the current one. */
export const switchGym = createServerFn({ method: 'POST' })
  .validator(gymIdParamsSchema)
  .handler(({ data }) =>
    toActionResult(() => api().post(`/gyms/${data.id}/switch`, { schema: sessionUserSchema })),
  )
