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
import { dataEnvelope } from './envelope'
import { createRoute, errorResponses, idParams, jsonBody, jsonResponse, staffErrors } from './openapi'

const tags = ['Access control']
const errors = { ...staffErrors, 409: errorResponses[409] }
const placeParams = z.object({ id: recordIdParam, place: z.string().min(1).max(100) })

export const accessControlRoutes = {
  integration: createRoute({
    method: 'get',
    path: '/organisations/{id}/access-control/integration',
    tags,
    summary: 'The organisation’s door system, or null (organisation admins)',
    request: { params: idParams },
    responses: { 200: jsonResponse('The door system', dataEnvelope(doorSystemSchema.nullable())), ...errors },
  }),
  connect: createRoute({
    method: 'post',
    path: '/organisations/{id}/access-control/integration',
    tags,
    summary: 'Connect the door system (the sandbox opens a place per gym); connecting again answers it',
    request: { params: idParams, ...jsonBody(connectDoorSystemRequestSchema) },
    responses: { 201: jsonResponse('Connected', dataEnvelope(doorSystemSchema)), ...errors },
  }),
  places: createRoute({
    method: 'get',
    path: '/organisations/{id}/access-control/places',
    tags,
    summary: 'The door system’s places, each with the gym it is linked to',
    request: { params: idParams },
    responses: { 200: jsonResponse('The places', dataEnvelope(z.array(doorPlaceSchema))), ...errors },
  }),
  placeDoors: createRoute({
    method: 'get',
    path: '/organisations/{id}/access-control/places/{place}/doors',
    tags,
    summary: 'The doors of one of the door system’s places',
    request: { params: placeParams },
    responses: { 200: jsonResponse('The doors', dataEnvelope(z.array(placeDoorSchema))), ...errors },
  }),
  gymDoors: createRoute({
    method: 'get',
    path: '/gyms/{id}/access-control',
    tags,
    summary:
      'The gym’s place and doors (its staff), and the places it can be linked to (organisation admins)',
    request: { params: idParams },
    responses: { 200: jsonResponse('The gym’s doors', dataEnvelope(gymDoorsSchema)), ...errors },
  }),
  linkPlace: createRoute({
    method: 'post',
    path: '/gyms/{id}/access-control/places',
    tags,
    summary: 'Link the gym to a place of the door system: its doors become the gym’s',
    request: { params: idParams, ...jsonBody(linkPlaceRequestSchema) },
    responses: { 201: jsonResponse('Linked', dataEnvelope(gymDoorsSchema)), ...errors },
  }),
  tracksVisits: createRoute({
    method: 'put',
    path: '/gyms/{id}/tracks-visits',
    tags,
    summary: 'Count (or stop counting) a door’s unlocks as visits',
    request: { params: idParams, ...jsonBody(tracksVisitsRequestSchema) },
    responses: { 200: jsonResponse('The door', dataEnvelope(gymDoorSchema)), ...errors },
  }),
  memberAccess: createRoute({
    method: 'get',
    path: '/members/{id}/access-control',
    tags,
    summary: 'What the member may open now, and why not',
    request: { params: idParams },
    responses: { 200: jsonResponse('Door access', dataEnvelope(memberDoorAccessSchema)), ...errors },
  }),
  memberCredential: createRoute({
    method: 'get',
    path: '/members/{id}/access-control-credentials',
    tags,
    summary: 'What the member taps at a door, or null before their first door login',
    request: { params: idParams },
    responses: {
      200: jsonResponse('The credential', dataEnvelope(doorCredentialSchema.nullable())),
      ...errors,
    },
  }),
  recreateLogin: createRoute({
    method: 'post',
    path: '/users/{id}/recreate-kisi-login',
    tags,
    summary: 'A new door credential (lost card, shared code): the old one stops opening at once',
    request: { params: idParams },
    responses: { 200: jsonResponse('The new credential', dataEnvelope(doorCredentialSchema)), ...errors },
  }),
  staffAccess: createRoute({
    method: 'post',
    path: '/staff/{id}/kisi-access',
    tags,
    summary: 'Turn door access on or off for a staff member (their gyms’ doors)',
    request: { params: idParams, ...jsonBody(staffDoorAccessRequestSchema) },
    responses: {
      200: jsonResponse('Door access', dataEnvelope(z.object({ access_enabled: z.boolean() }))),
      ...errors,
    },
  }),
  sandboxPlace: createRoute({
    method: 'post',
    path: '/organisations/{id}/access-control/sandbox-places',
    tags,
    summary:
      'Sandbox door system: open a place with a front door and changing rooms (its dashboard’s “Add place”)',
    request: { params: idParams, ...jsonBody(sandboxPlaceRequestSchema) },
    responses: { 201: jsonResponse('The place', dataEnvelope(doorPlaceSchema)), ...errors },
  }),
  tap: createRoute({
    method: 'post',
    path: '/access-control/taps',
    tags,
    summary: 'Sandbox door system: tap a credential at a door; it opens or refuses, and the visit is listed',
    request: jsonBody(tapRequestSchema),
    responses: { 200: jsonResponse('What the door did', dataEnvelope(tapResultSchema)), ...errors },
  }),
}
