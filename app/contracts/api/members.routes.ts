import {
  addMemberRequestSchema,
  memberActivityQuerySchema,
  memberDetailSchema,
  memberFilterOptionsSchema,
  memberFiltersSchema,
  memberHistoryEntrySchema,
  memberHistoryQuerySchema,
  memberPaymentSchema,
  memberRowSchema,
  membersQuerySchema,
  memberVisitSchema,
  subscriptionPeriodsSchema,
  updateMemberRequestSchema,
  weeklyCostPerVisitSchema,
  weeklyVisitsSchema,
} from '~/contracts/members'
import { dataResponse, idParams, pageResponse, routeGroup, staffErrors } from './openapi'

/**
 * The members of the console (issue 15): the list with its filters, what the filters offer, and the
 * list as a CSV file. Staff only; organisation admins see every gym's members, other staff their gyms'.
 */

const { route, records, csvExport } = routeGroup(['Members'], staffErrors)
const member = records('/members', dataResponse('The member', memberDetailSchema))

export const memberRoutes = {
  list: route('get', '/members', {
    summary: 'The members in the caller’s gyms, filtered, sorted and paged',
    description:
      'Each member with their latest membership (its gym, else their home gym; offering, price, the ' +
      'display states of SPEC §4 and card colour), balance owing, last successful visit and when they ' +
      'joined. `state` filters by a display state, `cancelling` (cancelled, still running to the end of ' +
      'a paid period) or `no_subscription`; `not_visited_days=N`: no successful visit on any of the last N ' +
      'days (today included); `owing=true|false`; `joined_from`/`joined_to` are Auckland days, inclusive. ' +
      'Money (`price.amount`, `balance_owing`, the `owing` filter and the `balance` sort) is null or ' +
      'ignored for staff without the payments area (trainers).',
    request: { query: membersQuerySchema },
    responses: { 200: pageResponse('A page of members', memberRowSchema) },
  }),
  filterOptions: route('get', '/members/filter-options', {
    summary: 'What the members list’s filters offer the caller',
    description: 'The caller’s gyms, the offerings at them, the tags in use, and whether they see money.',
    responses: { 200: dataResponse('The options', memberFilterOptionsSchema) },
  }),
  export: csvExport('/members/export', memberFiltersSchema, {
    summary: 'The filtered members list as a CSV file',
    description:
      'The same filters and order as `GET /members` (as a JSON body), every matching member, streamed as ' +
      'it is read. Money in dollars, days in en-NZ with an ISO column beside them; a cell that would start ' +
      'a spreadsheet formula (`=`, `+`, `-`, `@`) is prefixed with an apostrophe. Audited.',
  }),
  show: member.show({
    summary: 'A member’s page: profile, membership, payment methods',
    description:
      'A member in the caller’s scope (another gym’s or organisation’s member is a 404): their profile, ' +
      'emergency contact and preferences, saved payment methods (numbers masked), and their latest ' +
      'membership with its SPEC §4 states, card colour, type label and standing in words. Money is null ' +
      'for staff without the payments area.',
  }),
  payments: route('get', '/users/{id}/payments', {
    summary: 'A member’s payments, newest first',
    description:
      'Every payment of the member’s memberships, by due day, newest first, with SPEC §4’s status kind ' +
      'and a failure’s reason in words. Staff with the payments area (organisation and gym admins) only.',
    request: { params: idParams, query: memberHistoryQuerySchema },
    responses: {
      200: pageResponse('A page of payments', memberPaymentSchema),
    },
  }),
  visits: route('get', '/users/{id}/visits', {
    summary: 'A member’s door events, newest first',
    description: 'Each time the member was let in (or refused) at a door, newest first.',
    request: { params: idParams, query: memberHistoryQuerySchema },
    responses: {
      200: pageResponse('A page of visits', memberVisitSchema),
    },
  }),
  history: route('get', '/members/{id}/history', {
    summary: 'Who changed what on a member, and what they were e-mailed, newest first',
    description:
      'The audit log of the member: memberships added, paused, cancelled (and undone), started early, ' +
      'price changes scheduled, payments recorded, each with who did it and when; and each notice the ' +
      'member was e-mailed about it (receipts, pauses, cancellations, price changes) with its subject, ' +
      'and its text for staff who may see money.',
    request: { params: idParams, query: memberHistoryQuerySchema },
    responses: {
      200: pageResponse('A page of history', memberHistoryEntrySchema),
    },
  }),
  add: member.create(addMemberRequestSchema, {
    summary: 'Add a member, who is e-mailed a link to finish joining',
    description:
      'Staff who run the gym (its admins, organisation admins) add a member with their name, e-mail, ' +
      'mobile, date of birth and gym, and optionally the price to preselect. The member gets an e-mail ' +
      'with a link (valid 7 days) to set a password on the join site and finish joining there: about ' +
      'them, photo, payment method, agreement and first charge. An e-mail already used in the ' +
      'organisation is refused.',
  }),
  update: member.update(updateMemberRequestSchema, {
    summary: 'Change a member’s details',
    description:
      'Name, mobile, date of birth, address, emergency contact, tags, notes and preferences, with the join ' +
      'site’s rules. Staff who run the member’s gym (its admins, organisation admins) only; the change and ' +
      'each field’s before and after go to the member’s history.',
  }),
  delete: member.delete({
    summary: 'Delete (deactivate) a member',
    description:
      'The membership, if it still runs, is cancelled today and nothing more is charged; the member’s ' +
      'sessions end and they leave every list. Payments, visits and history are kept. Staff who run the ' +
      'member’s gym only.',
  }),
  weeklyVisits: route('get', '/members/{id}/weekly-visits', {
    summary: 'A member’s successful visits per week',
    description:
      'The last `weeks` weeks (Monday to Sunday, Pacific/Auckland), this one included, oldest first.',
    request: { params: idParams, query: memberActivityQuerySchema },
    responses: { 200: dataResponse('Visits per week', weeklyVisitsSchema) },
  }),
  subscriptionPeriods: route('get', '/members/{id}/subscription-periods', {
    summary: 'A member’s billing periods in the range, with their payments',
    description:
      'Each payment of the range by its period (or its due day when it has none), oldest first, with what ' +
      'was charged and SPEC §4’s status kind. Amounts are null for staff who may not see money.',
    request: { params: idParams, query: memberActivityQuerySchema },
    responses: { 200: dataResponse('Periods', subscriptionPeriodsSchema) },
  }),
  weeklyCostPerVisit: route('get', '/members/{id}/weekly-cost-per-visit', {
    summary: 'What each week cost the member per visit',
    description:
      'Each paid period’s charge spread evenly over its days, summed per week, divided by the week’s ' +
      'successful visits (null without one). Money: organisation and gym admins only.',
    request: { params: idParams, query: memberActivityQuerySchema },
    responses: {
      200: dataResponse('Cost per visit per week', weeklyCostPerVisitSchema),
    },
  }),
}
