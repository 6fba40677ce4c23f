// The library's createRoute: importing it extends zod with `.openapi()`, which the upload fields below use
// to say they are binary.
import { createRoute } from '@hono/zod-openapi'
import { sessionUserSchema } from '~/contracts/auth'
import { z } from '~/lib/validation'
import { dataEnvelope } from './envelope'
import { errorResponses, idParams, jsonResponse, multipartBody } from './openapi'

/** Profile pictures: a member's own photo (the join flow's take-photo step), shown to staff (ADR 022). */
const tags = ['Members']

export const profilePictureRoutes = {
  upload: createRoute({
    method: 'post',
    path: '/profile-picture',
    tags,
    summary: 'Sets the signed-in user’s photo (multipart, part `image`); answers the session user',
    description:
      'The image is checked by its content (JPEG, PNG, WebP, HEIC or AVIF, at most 12 MB, at least 200 px a side), turned upright, shrunk to 1024 px and kept as WebP without metadata.',
    request: multipartBody(
      z.object({ image: z.any().openapi({ type: 'string', format: 'binary', description: 'The photo' }) }),
    ),
    responses: {
      200: jsonResponse('The session user, with its new photo', dataEnvelope(sessionUserSchema)),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  show: createRoute({
    method: 'get',
    path: '/users/{id}/profile-picture',
    tags,
    summary: 'A user’s photo: their own, or a member’s to staff who see the member',
    request: { params: idParams },
    responses: {
      200: {
        description: 'The photo (WebP)',
        content: { 'image/webp': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
      },
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
    },
  }),
}
