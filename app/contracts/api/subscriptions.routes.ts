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
import { dataEnvelope } from './envelope'
import { createRoute, errorResponses, idParams, jsonBody, jsonResponse } from './openapi'

const tags = ['Subscriptions']
const subscriptionResponse = jsonResponse('The subscription', dataEnvelope(subscriptionSchema))
const changeResponse = jsonResponse(
  'The subscription after the change, and the member’s page as it now stands',
  dataEnvelope(membershipChangeSchema),
)
const errors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('Not found (or another organisation’s)', z.object({ message: z.string() })),
  409: jsonResponse('Changed meanwhile (version)', z.object({ message: z.string() })),
  422: errorResponses[422],
}

const post = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  createRoute({
    method: 'post',
    path,
    tags,
    summary,
    request: { params: idParams, ...jsonBody(body) },
    responses: { 200: changeResponse, ...errors },
  })

export const subscriptionRoutes = {
  create: createRoute({
    method: 'post',
    path: '/subscriptions',
    tags,
    summary: 'Start a membership (a member for themselves, or staff for a member)',
    request: jsonBody(createSubscriptionRequestSchema),
    responses: { 201: subscriptionResponse, ...errors },
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
  startEarlyData: createRoute({
    method: 'get',
    path: '/subscriptions/{id}/start-early-data',
    tags,
    summary: 'What starting an upcoming membership today would cost',
    request: { params: idParams },
    responses: { 200: jsonResponse('The cost', dataEnvelope(startEarlyDataSchema)), ...errors },
  }),
  schedulePriceChange: createRoute({
    method: 'post',
    path: '/subscriptions/schedule-price-change',
    tags,
    summary: 'Move a membership to another price at the end of its period (or on a date)',
    request: jsonBody(schedulePriceChangeRequestSchema),
    responses: { 200: changeResponse, ...errors },
  }),
  preview: createRoute({
    method: 'post',
    path: '/subscriptions/change-price-email-preview',
    tags,
    summary: 'The e-mail a member would get about a price change',
    request: jsonBody(changePricePreviewRequestSchema),
    responses: { 200: jsonResponse('The e-mail', dataEnvelope(emailPreviewSchema)), ...errors },
  }),
  history: createRoute({
    method: 'get',
    path: '/users/{id}/price-change-history',
    tags,
    summary: 'Price changes of a member’s memberships',
    request: { params: idParams },
    responses: {
      200: jsonResponse('History', dataEnvelope(z.array(priceChangeHistoryEntrySchema))),
      ...errors,
    },
  }),
  surchargeTotal: createRoute({
    method: 'get',
    path: '/surcharge-total',
    tags: ['Billing'],
    summary: 'An amount with the organisation’s card surcharge',
    request: { query: surchargeTotalQuerySchema },
    responses: { 200: jsonResponse('Total', dataEnvelope(surchargeTotalSchema)), ...errors },
  }),
}
