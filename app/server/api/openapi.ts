import type { z } from 'zod'
import { messageSchema, validationErrorSchema } from './envelope'

/** `request.body` of a JSON endpoint. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } }
}

export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } }
}

export const errorResponses = {
  401: jsonResponse('Not signed in', messageSchema),
  403: jsonResponse('Refused (CSRF, role)', messageSchema),
  422: jsonResponse('Invalid input, a message per field', validationErrorSchema),
  429: jsonResponse('Too many attempts; see Retry-After', messageSchema),
}
