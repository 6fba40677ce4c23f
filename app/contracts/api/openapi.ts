import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'
import { recordIdParam, z as zod } from '~/lib/validation'
import { messageSchema, validationErrorSchema } from './envelope'

/**
 * A route object (docs/architecture.md, rule 1) that screens may import as well as the server: the
 * config as it is, typed like `@hono/zod-openapi`'s `createRoute`, whose only addition is a
 * `getRoutingPath` that nothing reads (`OpenAPIHono.openapi` takes the path itself). Importing that
 * package in the browser brings the OpenAPI kit (Hono, zod-to-openapi: 60 kB gzip) into the chunk every
 * join page loads, for the sake of one path: the lists' export buttons import their route objects. Route
 * objects are made with this one, but for the two uploads' (gyms, profile pictures): their binary fields
 * are described with zod-openapi's `.openapi()`, which needs that package loaded.
 */
export function createRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(
  routeConfig: R,
): R {
  return routeConfig
}

/** `request.body` of a JSON endpoint. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } }
}

/** A `multipart/form-data` body (an upload): the schema names its parts for the document. */
export function multipartBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'multipart/form-data': { schema } }, required: true } }
}

export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } }
}

export const errorResponses = {
  401: jsonResponse('Not signed in', messageSchema),
  403: jsonResponse('Refused (CSRF, role)', messageSchema),
  404: jsonResponse('Not found (or another organisation’s)', messageSchema),
  409: jsonResponse('Refused: the record’s state does not allow it', messageSchema),
  422: jsonResponse('Invalid input, a message per field', validationErrorSchema),
  429: jsonResponse('Too many attempts; see Retry-After', messageSchema),
}

/** What any signed-in staff operation may answer besides success. */
export const staffErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  422: errorResponses[422],
}

/** What a member's operation on their own records may answer besides success (the join flow). */
export const memberErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
}

/** The answer of an action that returns only a sentence (archive, delete, resend). */
export const messageResponse = jsonResponse('Done', messageSchema)

/** `{id}` in a path: a record's id. */
export const idParams = zod.object({ id: recordIdParam })
