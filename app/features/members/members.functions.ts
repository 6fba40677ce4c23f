import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { memberRoutes } from '~/contracts/api/members.routes'
import { priceChangeRoutes } from '~/contracts/api/price-changes.routes'
import {
  addMemberRequestSchema,
  memberActivityQuerySchema,
  memberHistoryQuerySchema,
  membersQuerySchema,
  schedulePriceChangesRequestSchema,
  updateMemberRequestSchema,
} from '~/contracts/members'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** `GET /api/members`: one page of the members in the caller's gyms, filtered and sorted. */
export const fetchMembers = createServerFn({ method: 'GET' })
  .validator(membersQuerySchema)
  .handler(({ data }) => api().call(memberRoutes.list, { query: data }))

/** `GET /api/members/filter-options`: the gyms, offerings and tags the filters offer. */
export const fetchMemberFilterOptions = createServerFn({ method: 'GET' }).handler(() =>
  api().data(memberRoutes.filterOptions, {}),
)

/** `GET /api/members/{id}`: the member's page. */
export const fetchMember = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(memberRoutes.show, { params: data }))

const historyQuery = memberHistoryQuerySchema.extend({ id: recordId })

/** `GET /api/users/{id}/payments`: a page of the member's payments, newest first. */
export const fetchMemberPayments = createServerFn({ method: 'GET' })
  .validator(historyQuery)
  .handler(({ data: { id, ...query } }) => api().call(memberRoutes.payments, { params: { id }, query }))

/** `GET /api/users/{id}/visits`: a page of the member's door events, newest first. */
export const fetchMemberVisits = createServerFn({ method: 'GET' })
  .validator(historyQuery)
  .handler(({ data: { id, ...query } }) => api().call(memberRoutes.visits, { params: { id }, query }))

/** `GET /api/members/{id}/history`: who changed what on the member, newest first. */
export const fetchMemberHistory = createServerFn({ method: 'GET' })
  .validator(historyQuery)
  .handler(({ data: { id, ...query } }) => api().call(memberRoutes.history, { params: { id }, query }))

/** `POST /api/members`: add a member, who is e-mailed the link to finish joining. */
export const addMember = createServerFn({ method: 'POST' })
  .validator(addMemberRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(memberRoutes.add, { body: data })))

/** `PUT /api/members/{id}`: the member's details. */
export const updateMember = createServerFn({ method: 'POST' })
  .validator(updateMemberRequestSchema.extend({ id: recordId }))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(memberRoutes.update, { params: { id }, body })),
  )

/** `DELETE /api/members/{id}`: delete (deactivate) the member. */
export const deleteMember = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => toActionResult(() => api().call(memberRoutes.delete, { params: data })))

const activityQuery = memberActivityQuerySchema.extend({ id: recordId })

/** `GET /api/members/{id}/weekly-visits`. */
export const fetchWeeklyVisits = createServerFn({ method: 'GET' })
  .validator(activityQuery)
  .handler(({ data: { id, ...query } }) => api().data(memberRoutes.weeklyVisits, { params: { id }, query }))

/** `GET /api/members/{id}/subscription-periods`. */
export const fetchSubscriptionPeriods = createServerFn({ method: 'GET' })
  .validator(activityQuery)
  .handler(({ data: { id, ...query } }) =>
    api().data(memberRoutes.subscriptionPeriods, { params: { id }, query }),
  )

/** `GET /api/members/{id}/weekly-cost-per-visit`. */
export const fetchWeeklyCostPerVisit = createServerFn({ method: 'GET' })
  .validator(activityQuery)
  .handler(({ data: { id, ...query } }) =>
    api().data(memberRoutes.weeklyCostPerVisit, { params: { id }, query }),
  )

/** `GET /api/prices/{id}/memberships`: the running memberships on a price. */
export const fetchPriceMemberships = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(priceChangeRoutes.memberships, { params: data }))

/** `POST /api/subscriptions/price-changes-preview`: what a bulk change would do, before confirming. */
export const previewPriceChanges = createServerFn({ method: 'POST' })
  .validator(schedulePriceChangesRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(priceChangeRoutes.preview, { body: data })))

/** `POST /api/subscriptions/schedule-price-changes`: one new price for many memberships. */
export const schedulePriceChanges = createServerFn({ method: 'POST' })
  .validator(schedulePriceChangesRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(priceChangeRoutes.schedule, { body: data })))
