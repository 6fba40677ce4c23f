import {
  cancelRequestSchema,
  changePricePreviewRequestSchema,
  createSubscriptionRequestSchema,
  emailPreviewSchema,
  manualPaymentRequestSchema,
  membershipChangeSchema,
  pauseRequestSchema,
  priceChangeHistoryEntrySchema,
  schedulePriceChangeRequestSchema,
  startEarlyDataSchema,
  startEarlyRequestSchema,
  subscriptionSchema,
  surchargeTotalQuerySchema,
  surchargeTotalSchema,
  undoCancellationRequestSchema,
} from '~/contracts/subscriptions'
import { z } from '~/lib/validation'
import { messageSchema } from './envelope'
import { dataResponse, idParams, jsonBody, jsonResponse, routeGroup, staffErrors } from './openapi'

const { route } = routeGroup(['Subscriptions'], {
  ...staffErrors,
  409: jsonResponse('Changed meanwhile (version)', messageSchema),
})
const subscriptionResponse = dataResponse('The subscription', subscriptionSchema)
const changeResponse = dataResponse(
  'The subscription after the change, and the member’s page as it now stands',
  membershipChangeSchema,
)

const post = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  route('post', path, {
    summary,
    request: { params: idParams, ...jsonBody(body) },
    responses: { 200: changeResponse },
  })

export const subscriptionRoutes = {
  create: route('post', '/subscriptions', {
    summary: 'Start a membership (a member for themselves, or staff for a member)',
    request: jsonBody(createSubscriptionRequestSchema),
    responses: { 201: subscriptionResponse },
  }),
  pause: post(
    '/subscriptions/{id}/pause',
    'Pause: no charge while paused; later billing dates move by the paused days',
    pauseRequestSchema,
  ),
  cancel: post(
    '/subscriptions/{id}/cancel',
    'Cancel at the end of the period (undoable), or now (staff)',
    cancelRequestSchema,
  ),
  resume: post(
    '/subscriptions/{id}/resume',
    'End a pause today (the member is back early), or withdraw one that has not started',
    undoCancellationRequestSchema,
  ),
  undo: post(
    '/subscriptions/{id}/undo-cancellation',
    'Undo a cancellation before it takes effect',
    undoCancellationRequestSchema,
  ),
  manualPayment: post(
    '/subscriptions/{id}/manual-payment',
    'Record a payment taken by hand',
    manualPaymentRequestSchema,
  ),
  startEarly: post(
    '/subscriptions/{id}/start-early',
    'Start an upcoming membership today',
    startEarlyRequestSchema,
  ),
  startEarlyData: route('get', '/subscriptions/{id}/start-early-data', {
    summary: 'What starting an upcoming membership today would cost',
    request: { params: idParams },
    responses: { 200: dataResponse('The cost', startEarlyDataSchema) },
  }),
  schedulePriceChange: route('post', '/subscriptions/schedule-price-change', {
    summary: 'Move a membership to another price at the end of its period (or on a date)',
    request: jsonBody(schedulePriceChangeRequestSchema),
    responses: { 200: changeResponse },
  }),
  preview: route('post', '/subscriptions/change-price-email-preview', {
    summary: 'The e-mail a member would get about a price change',
    request: jsonBody(changePricePreviewRequestSchema),
    responses: { 200: dataResponse('The e-mail', emailPreviewSchema) },
  }),
  history: route('get', '/users/{id}/price-change-history', {
    summary: 'Price changes of a member’s memberships',
    request: { params: idParams },
    responses: {
      200: dataResponse('History', z.array(priceChangeHistoryEntrySchema)),
    },
  }),
  surchargeTotal: route('get', '/surcharge-total', {
    tags: ['Billing'],
    summary: 'An amount with the organisation’s card surcharge',
    request: { query: surchargeTotalQuerySchema },
    responses: { 200: dataResponse('Total', surchargeTotalSchema) },
  }),
}
