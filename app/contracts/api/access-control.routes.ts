import {
  connectDoorSystemRequestSchema,
  doorCredentialSchema,
  doorPlaceSchema,
  doorSystemSchema,
  gymDoorSchema,
  gymDoorsSchema,
  linkPlaceRequestSchema,
  memberDoorAccessSchema,
  placeDoorSchema,
  sandboxPlaceRequestSchema,
  staffDoorAccessRequestSchema,
  tapRequestSchema,
  tapResultSchema,
  tracksVisitsRequestSchema,
} from '~/contracts/doors'
import { recordIdParam, z } from '~/lib/validation'
import { dataResponse, errorResponses, idParams, jsonBody, routeGroup, staffErrors } from './openapi'

const { route } = routeGroup(['Access control'], { ...staffErrors, 409: errorResponses[409] })
const placeParams = z.object({ id: recordIdParam, place: z.string().min(1).max(100) })

export const accessControlRoutes = {
  integration: route('get', '/organisations/{id}/access-control/integration', {
    summary: 'The organisation’s door system, or null (organisation admins)',
    request: { params: idParams },
    responses: { 200: dataResponse('The door system', doorSystemSchema.nullable()) },
  }),
  connect: route('post', '/organisations/{id}/access-control/integration', {
    summary: 'Connect the door system (the sandbox opens a place per gym); connecting again answers it',
    request: { params: idParams, ...jsonBody(connectDoorSystemRequestSchema) },
    responses: { 201: dataResponse('Connected', doorSystemSchema) },
  }),
  places: route('get', '/organisations/{id}/access-control/places', {
    summary: 'The door system’s places, each with the gym it is linked to',
    request: { params: idParams },
    responses: { 200: dataResponse('The places', z.array(doorPlaceSchema)) },
  }),
  placeDoors: route('get', '/organisations/{id}/access-control/places/{place}/doors', {
    summary: 'The doors of one of the door system’s places',
    request: { params: placeParams },
    responses: { 200: dataResponse('The doors', z.array(placeDoorSchema)) },
  }),
  gymDoors: route('get', '/gyms/{id}/access-control', {
    summary:
      'The gym’s place and doors (its staff), and the places it can be linked to (organisation admins)',
    request: { params: idParams },
    responses: { 200: dataResponse('The gym’s doors', gymDoorsSchema) },
  }),
  linkPlace: route('post', '/gyms/{id}/access-control/places', {
    summary: 'Link the gym to a place of the door system: its doors become the gym’s',
    request: { params: idParams, ...jsonBody(linkPlaceRequestSchema) },
    responses: { 201: dataResponse('Linked', gymDoorsSchema) },
  }),
  tracksVisits: route('put', '/gyms/{id}/tracks-visits', {
    summary: 'Count (or stop counting) a door’s unlocks as visits',
    request: { params: idParams, ...jsonBody(tracksVisitsRequestSchema) },
    responses: { 200: dataResponse('The door', gymDoorSchema) },
  }),
  memberAccess: route('get', '/members/{id}/access-control', {
    summary: 'What the member may open now, and why not',
    request: { params: idParams },
    responses: { 200: dataResponse('Door access', memberDoorAccessSchema) },
  }),
  memberCredential: route('get', '/members/{id}/access-control-credentials', {
    summary: 'What the member taps at a door, or null before their first door login',
    request: { params: idParams },
    responses: {
      200: dataResponse('The credential', doorCredentialSchema.nullable()),
    },
  }),
  recreateLogin: route('post', '/users/{id}/recreate-kisi-login', {
    summary: 'A new door credential (lost card, shared code): the old one stops opening at once',
    request: { params: idParams },
    responses: { 200: dataResponse('The new credential', doorCredentialSchema) },
  }),
  staffAccess: route('post', '/staff/{id}/kisi-access', {
    summary: 'Turn door access on or off for a staff member (their gyms’ doors)',
    request: { params: idParams, ...jsonBody(staffDoorAccessRequestSchema) },
    responses: {
      200: dataResponse('Door access', z.object({ access_enabled: z.boolean() })),
    },
  }),
  sandboxPlace: route('post', '/organisations/{id}/access-control/sandbox-places', {
    summary:
      'Sandbox door system: open a place with a front door and changing rooms (its dashboard’s “Add place”)',
    request: { params: idParams, ...jsonBody(sandboxPlaceRequestSchema) },
    responses: { 201: dataResponse('The place', doorPlaceSchema) },
  }),
  tap: route('post', '/access-control/taps', {
    summary: 'Sandbox door system: tap a credential at a door; it opens or refuses, and the visit is listed',
    request: jsonBody(tapRequestSchema),
    responses: { 200: dataResponse('What the door did', tapResultSchema) },
  }),
}
