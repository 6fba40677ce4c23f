// The library's createRoute: importing it extends zod with `.openapi()`, which the upload fields below use
// to say they are binary.
import { createRoute } from '@hono/zod-openapi'
import { sessionUserSchema } from '~/contracts/auth'
import {
  createGymRequestSchema,
  destinationAccountRequestSchema,
  gymContactRequestSchema,
  gymSchema,
} from '~/contracts/gyms'
import { gymIdParamsSchema } from '~/contracts/shell'
import { recordIdParam, z } from '~/lib/validation'
import { dataEnvelope, messageSchema } from './envelope'
import { errorResponses, idParams, jsonBody, jsonResponse, multipartBody, staffErrors } from './openapi'

export const gymRoutes = {
  switch: createRoute({
    method: 'post',
    path: '/gyms/{id}/switch',
    tags: ['Gyms'],
    summary: 'Make one of your gyms the current gym',
    description:
      'No body. The gym must be one the caller works at (or, for a member, belongs to); any other gym, ' +
      'another organisation’s included, is a 404. Answers the session user with the new `current_gym`.',
    request: { params: gymIdParamsSchema },
    responses: {
      200: jsonResponse('The session user', dataEnvelope(sessionUserSchema)),
      401: errorResponses[401],
      404: jsonResponse('A gym the caller cannot see', messageSchema),
    },
  }),
  list: createRoute({
    method: 'get',
    path: '/gyms',
    tags: ['Gyms'],
    summary:
      'The organisation’s gyms with their staff and member counts, the caller’s role and payments set-up',
    description: 'For organisation admins. Ordered by name. Bank account numbers are masked.',
    responses: {
      200: jsonResponse('The gyms', dataEnvelope(z.array(gymSchema))),
      ...staffErrors,
    },
  }),
  show: createRoute({
    method: 'get',
    path: '/gyms/{id}',
    tags: ['Gyms'],
    summary: 'One of the organisation’s gyms',
    request: { params: idParams },
    responses: {
      200: jsonResponse('The gym', dataEnvelope(gymSchema)),
      ...staffErrors,
    },
  }),
  updateDestinationAccount: createRoute({
    method: 'put',
    path: '/gyms/{id}/destination-accounts/{accountId}',
    tags: ['Gyms'],
    summary: 'Change where a gym’s bank payments are paid into',
    description:
      'SPEC §5: name and number required, the repeat equal to the number. The number is checked with ' +
      'its checksum (Demo Bank 99 only with the sandbox bank). Audited with both numbers masked. ' +
      '`bank_payers`: the gym’s members paying by bank, whose consents name the payee.',
    request: {
      params: z.object({ id: recordIdParam, accountId: recordIdParam }),
      ...jsonBody(destinationAccountRequestSchema),
    },
    responses: {
      200: jsonResponse(
        'The gym, and how many of its members pay by bank',
        dataEnvelope(gymSchema).extend({ bank_payers: z.number().int(), message: z.string() }),
      ),
      ...staffErrors,
    },
  }),
  updateContact: createRoute({
    method: 'put',
    path: '/gyms/{id}/contact',
    tags: ['Gyms'],
    summary: 'Set how members reach a gym: its e-mail, phone and address',
    description:
      'Organisation admins. Members see it on their account page (issue 28). An empty value (or null) ' +
      'clears that part. Another organisation’s gym, or one the caller doesn’t work at, is a 404 before ' +
      'the body is read. Audited with each changed part before and after.',
    request: { params: idParams, ...jsonBody(gymContactRequestSchema) },
    responses: {
      200: jsonResponse('The gym, with its contact', dataEnvelope(gymSchema)),
      ...staffErrors,
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/gyms',
    tags: ['Gyms'],
    summary: 'Add a gym, with the account its bank payments are paid into',
    description:
      'Organisation admins of a multi-gym organisation (a single-gym one has its gym: 409). The number is ' +
      'checked with its checksum; the repeat must equal it. Audited.',
    request: jsonBody(createGymRequestSchema),
    responses: {
      201: jsonResponse('The new gym', dataEnvelope(gymSchema)),
      ...staffErrors,
      409: errorResponses[409],
    },
  }),
  uploadLogo: createRoute({
    method: 'post',
    path: '/gyms/{id}/logo',
    tags: ['Gyms'],
    summary: 'Sets a gym’s logo (multipart: `collection=logo` and `file`); answers the gym',
    description:
      'Organisation admins. The file is checked by its content, never its name or type (PNG, JPEG, WebP, ' +
      'HEIC or AVIF; SVG and PDF refused), at most 5 MB and at least 64 px a side, shrunk to 512 px and ' +
      'kept as WebP without metadata. Refusals are a 422 on `file` (or `collection`) in words. Audited.',
    request: {
      params: idParams,
      ...multipartBody(
        z.object({
          collection: z.string().optional().openapi({ example: 'logo', description: 'Always `logo`' }),
          file: z
            .any()
            .optional()
            .openapi({ type: 'string', format: 'binary', description: 'The logo image' }),
        }),
      ),
    },
    responses: {
      200: jsonResponse('The gym, with its new logo', dataEnvelope(gymSchema)),
      ...staffErrors,
    },
  }),
  logo: createRoute({
    method: 'get',
    path: '/gym-logos/{uuid}',
    tags: ['Gyms'],
    summary: 'A gym’s logo (WebP), by the gym’s public uuid: the join site shows it to anyone',
    request: { params: z.object({ uuid: z.uuid() }) },
    responses: {
      200: {
        description: 'The logo (WebP)',
        content: { 'image/webp': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
      },
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
}
