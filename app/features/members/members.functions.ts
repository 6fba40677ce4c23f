import { createServerFn } from '@tanstack/react-start'
import { api } from '~/lib/api-client.server'
import { memberRoutes } from '~/server/api/routes/members.routes'
import { membersQuerySchema } from './contract'

/** `GET /api/members`: one page of the members in the caller's gyms, filtered and sorted. */
export const fetchMembers = createServerFn({ method: 'GET' })
  .validator(membersQuerySchema)
  .handler(({ data }) => api().call(memberRoutes.list, { query: data }))

/** `GET /api/members/filter-options`: the gyms, offerings and tags the filters offer. */
export const fetchMemberFilterOptions = createServerFn({ method: 'GET' }).handler(() =>
  api().data(memberRoutes.filterOptions, {}),
)
