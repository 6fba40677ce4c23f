import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { subscriptionRoutes } from '~/contracts/api/subscriptions.routes'
import {
  cancelRequestSchema,
  changePricePreviewRequestSchema,
  manualPaymentRequestSchema,
  pauseRequestSchema,
  schedulePriceChangeRequestSchema,
  startEarlyRequestSchema,
  undoCancellationRequestSchema,
} from '~/contracts/subscriptions'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/**
 * The subscription actions of the member's page (issue 15), each a call of the subscriptions API that
 * answers an ActionResult (a 409 "changed meanwhile" included) so the dialog can say what happened.
 */

const withId = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) => schema.extend({ id: recordId })

export const pauseMembership = createServerFn({ method: 'POST' })
  .validator(withId(pauseRequestSchema))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(subscriptionRoutes.pause, { params: { id }, body })),
  )

export const cancelMembership = createServerFn({ method: 'POST' })
  .validator(withId(cancelRequestSchema))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(subscriptionRoutes.cancel, { params: { id }, body })),
  )

export const undoCancellation = createServerFn({ method: 'POST' })
  .validator(withId(undoCancellationRequestSchema))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(subscriptionRoutes.undo, { params: { id }, body })),
  )

/** `POST /api/subscriptions/{id}/resume`: end the pause today, or withdraw a planned one. */
export const resumeMembership = createServerFn({ method: 'POST' })
  .validator(withId(undoCancellationRequestSchema))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(subscriptionRoutes.resume, { params: { id }, body })),
  )

export const recordManualPayment = createServerFn({ method: 'POST' })
  .validator(withId(manualPaymentRequestSchema))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(subscriptionRoutes.manualPayment, { params: { id }, body })),
  )

export const startMembershipEarly = createServerFn({ method: 'POST' })
  .validator(withId(startEarlyRequestSchema))
  .handler(({ data: { id, ...body } }) =>
    toActionResult(() => api().data(subscriptionRoutes.startEarly, { params: { id }, body })),
  )

export const fetchStartEarlyData = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(subscriptionRoutes.startEarlyData, { params: data }))

export const schedulePriceChange = createServerFn({ method: 'POST' })
  .validator(schedulePriceChangeRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().data(subscriptionRoutes.schedulePriceChange, { body: data })),
  )

export const previewPriceChangeEmail = createServerFn({ method: 'POST' })
  .validator(changePricePreviewRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(subscriptionRoutes.preview, { body: data })))
