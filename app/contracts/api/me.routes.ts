import { sessionUserSchema } from '~/contracts/auth'
import { registerFieldsRequestSchema, registerFieldsSchema } from '~/contracts/join'
import { dataResponse, errorResponses, jsonBody, routeGroup } from './openapi'

/** The signed-in member's own record, as the join flow fills it in (SPEC §7, issue 14). */
const { route } = routeGroup(['Members'], { 401: errorResponses[401], 403: errorResponses[403] })

export const meRoutes = {
  showRegisterFields: route('get', '/me/register-fields', {
    summary: 'The member’s “About you” as saved (empty until answered), to go back and change it',
    responses: {
      200: dataResponse('The answers', registerFieldsSchema),
    },
  }),
  registerFields: route('put', '/me/register-fields', {
    summary:
      'The member’s “About you”: address, emergency contact, experience, how they heard of us, preferences',
    request: jsonBody(registerFieldsRequestSchema),
    responses: {
      200: dataResponse('The session user', sessionUserSchema),
      422: errorResponses[422],
    },
  }),
}
