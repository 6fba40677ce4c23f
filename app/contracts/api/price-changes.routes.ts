import {
  priceChangesPreviewSchema,
  priceMembershipSchema,
  scheduledPriceChangesSchema,
  schedulePriceChangesRequestSchema,
} from '~/contracts/members'
import { z } from '~/lib/validation'
import { dataResponse, errorResponses, idParams, jsonBody, routeGroup, staffErrors } from './openapi'

/**
 * The bulk price change of the console (issue 15, members.change-price): the memberships on a price, and
 * one new price scheduled for many of them at once. Organisation and gym admins (the price changes
 * area); a gym admin moves the memberships of the gyms they run.
 */

const { route } = routeGroup(['Price changes'], staffErrors)

export const priceChangeRoutes = {
  memberships: route('get', '/prices/{id}/memberships', {
    summary: 'The running memberships on a price',
    description:
      'Memberships on the price in the caller’s gyms (not cancelled), by member name, at most 2,000: what ' +
      'each pays now, when its period ends, whether it is within a term (a change then waits for the term ' +
      'to end) or already has a change scheduled (a new one replaces it), and its version for the change.',
    request: { params: idParams },
    responses: {
      200: dataResponse('Memberships', z.array(priceMembershipSchema)),
    },
  }),
  preview: route('post', '/subscriptions/price-changes-preview', {
    summary: 'What moving many memberships to a price would do, before it is scheduled',
    description:
      'For each membership, in the order given: its member, what they pay now and would pay, whether ' +
      'that is a rise, a cut or the same (over a year, whatever the frequencies), the day it would take ' +
      'effect, and, for a rise with less notice than the organisation’s notice period, the refusal in ' +
      'words. Nothing is changed; scheduling refuses the batch while any is refused.',
    request: jsonBody(schedulePriceChangesRequestSchema),
    responses: {
      200: dataResponse('What each change would be', priceChangesPreviewSchema),
      409: errorResponses[409],
    },
  }),
  schedule: route('post', '/subscriptions/schedule-price-changes', {
    summary: 'Move many memberships to a price, each at its period end (or on a date)',
    description:
      'Every change, its notice e-mail to the member and its history line in one transaction: all are ' +
      'scheduled or none. A membership changed since it was read (its `version`) refuses the batch with a ' +
      '409; one the caller does not run is a 404.',
    request: jsonBody(schedulePriceChangesRequestSchema),
    responses: {
      200: dataResponse('What was scheduled', scheduledPriceChangesSchema),
      409: errorResponses[409],
    },
  }),
}
