import { createServerFn } from '@tanstack/react-start'
import { toActionResult } from '~/lib/action-result'
import { api } from '~/lib/api-client.server'
import { recordId, z } from '~/lib/validation'
import { gymRoutes } from '~/server/api/routes/gyms.routes'
import { createGymRequestSchema, destinationAccountRequestSchema } from './contract'

/** `GET /api/gyms`: the organisation's gyms. */
export const fetchGyms = createServerFn({ method: 'GET' }).handler(() => api().data(gymRoutes.list))

/** `GET /api/gyms/{id}`: one gym. */
export const fetchGym = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(gymRoutes.show, { params: data }))

/** `PUT /api/gyms/{id}/destination-accounts/{accountId}`: where bank payments are paid into. */
export const saveDestinationAccount = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, accountId: recordId, account: destinationAccountRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().call(gymRoutes.updateDestinationAccount, {
        params: { id: data.id, accountId: data.accountId },
        body: data.account,
      }),
    ),
  )

/** `POST /api/gyms`: a new gym and the account its bank payments go to. */
export const createGym = createServerFn({ method: 'POST' })
  .validator(createGymRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(gymRoutes.create, { body: data })))
