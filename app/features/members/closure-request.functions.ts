import { createServerFn } from '@tanstack/react-start'
import { memberClosureRoutes } from '~/contracts/api/account-details.routes'
import { api } from '~/contracts/api/client.server'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** `GET /api/members/{id}/closure-request`: the member's open request to close their account (issue 28). */
export const fetchClosureRequest = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(memberClosureRoutes.show, { params: data }))

/** `POST /api/members/{id}/closure-request/handle`. */
export const handleClosureRequest = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => toActionResult(() => api().call(memberClosureRoutes.handle, { params: data })))
