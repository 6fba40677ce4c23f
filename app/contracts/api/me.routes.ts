import { sessionUserSchema } from '~/contracts/auth'
import { registerFieldsRequestSchema, registerFieldsSchema } from '~/contracts/join'
import { dataEnvelope } from './envelope'
import { createRoute, errorResponses, jsonBody, jsonResponse } from './openapi'

/** The signed-in member's own record, as the join flow fills it in (SPEC §7, issue 14). */
const tags = ['Members']

export const meRoutes = {
  showRegisterFields: createRoute({
    method: 'get',
    path: '/me/register-fields',
    tags,
    summary: 'The member’s “About you” as saved (empty until answered), to go back and change it',
    responses: {
      200: jsonResponse('The answers', dataEnvelope(registerFieldsSchema)),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  registerFields: createRoute({
    method: 'put',
    path: '/me/register-fields',
    tags,
    summary:
      'The member’s “About you”: address, emergency contact, experience, how they heard of us, preferences',
    request: jsonBody(registerFieldsRequestSchema),
    responses: {
      200: jsonResponse('The session user', dataEnvelope(sessionUserSchema)),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
}
