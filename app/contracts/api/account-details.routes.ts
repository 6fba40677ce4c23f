import {
  accountDetailsSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  closureRequestBodySchema,
  confirmEmailChangeRequestSchema,
  contactDetailsRequestSchema,
  dataExportQuerySchema,
  memberClosureRequestSchema,
} from '~/contracts/account-details'
import { z } from '~/lib/validation'
import {
  dataResponse,
  errorResponses,
  idParams,
  jsonBody,
  memberErrors,
  messageResponse,
  routeGroup,
  staffErrors,
} from './openapi'

const { route } = routeGroup(['Members'], memberErrors)
const details = dataResponse('The member’s details as they now stand', accountDetailsSchema)

/** The member's own details on their account (issue 28, point 7). */
export const accountDetailsRoutes = {
  show: route('get', '/me/account-details', {
    summary: 'The member’s contact details, e-mail (and one waiting to be confirmed), closure request',
    responses: { 200: details },
  }),
  contact: route('put', '/me/contact-details', {
    summary: 'Change the member’s mobile, address and emergency contact',
    request: jsonBody(contactDetailsRequestSchema),
    responses: { 200: details },
  }),
  changeEmail: route('post', '/me/email-change', {
    summary: 'Ask to sign in with a new address: a link goes to it, the old address is told',
    description:
      'The password proves it is the member asking. The address changes only when the link sent to the ' +
      'new address is opened; until then the member signs in with the old one.',
    request: jsonBody(changeEmailRequestSchema),
    responses: { 200: details },
  }),
  resendEmailChange: route('post', '/me/email-change/resend', {
    summary: 'Send the link to the new address again (the last one stops working)',
    responses: { 200: details },
  }),
  cancelEmailChange: route('delete', '/me/email-change', {
    summary: 'Forget the new address asked for; its link stops working',
    responses: { 200: details },
  }),
  confirmEmailChange: route('post', '/email-change/confirm', {
    summary: 'Open the link sent to a new address: it becomes the address the member signs in with',
    description: 'Works signed in or out: the link proves the address.',
    request: jsonBody(confirmEmailChangeRequestSchema),
    responses: { 200: messageResponse, 422: errorResponses[422] },
  }),
  changePassword: route('put', '/me/password', {
    summary: 'Change the password: every other session ends, this one is kept',
    request: jsonBody(changePasswordRequestSchema),
    responses: { 200: messageResponse },
  }),
  signOutEverywhere: route('post', '/me/sign-out-everywhere', {
    summary: 'End every session of the member, this one included',
    responses: { 204: { description: 'Signed out everywhere' } },
  }),
  dataExport: route('get', '/me/data-export', {
    summary: 'Everything Gymbase holds about the member, as JSON or CSV (Privacy Act 2020)',
    request: { query: dataExportQuerySchema },
    responses: {
      200: {
        description: 'The file, as a download',
        content: { 'application/json': { schema: z.unknown() }, 'text/csv': { schema: z.string() } },
      },
    },
  }),
  askClosure: route('post', '/me/closure-request', {
    summary: 'Ask the gym to close the member’s account (one open request at a time)',
    request: jsonBody(closureRequestBodySchema),
    responses: { 200: details },
  }),
  withdrawClosure: route('delete', '/me/closure-request', {
    summary: 'Withdraw the open request to close the account',
    responses: { 200: details },
  }),
}

const staff = routeGroup(['Members'], { ...staffErrors, 409: errorResponses[409] })

/** A member's request to close their account, on their page in the console (issue 28). */
export const memberClosureRoutes = {
  show: staff.route('get', '/members/{id}/closure-request', {
    summary: 'The member’s open request to close their account (null when none), with what they owe',
    request: { params: idParams },
    responses: { 200: dataResponse('The request, or null', memberClosureRequestSchema.nullable()) },
  }),
  handle: staff.route('post', '/members/{id}/closure-request/handle', {
    summary: 'Mark the member’s request to close their account as handled',
    request: { params: idParams },
    responses: { 200: messageResponse },
  }),
}
