import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { MAX_IMAGE_UPLOAD_BYTES } from '~/server/services/images/prepare-image.server'
import type { ApiEnv } from '../context'

/** The largest JSON (or other non-upload) body read: a bulk price change of 2,000 memberships is ~80 KB. */
export const MAX_BODY_BYTES = 1024 * 1024
/**
 * The largest upload read. Well above the largest image we accept, so that a too-large photo (a
 * camera's 30 MB original) still reaches its form's own refusal in words on the field.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_IMAGE_UPLOAD_BYTES + 28 * 1024 * 1024

export const bodyTooLargeMessage = 'The request is too large.'

const tooLarge = (c: Context) => c.json({ message: bodyTooLargeMessage }, 413)
const jsonLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })
const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BODY_BYTES, onError: tooLarge })

/**
 * Nobody may make the server hold a body bigger than any operation reads: without this, anyone (signed
 * in or not) could send gigabytes to any endpoint and every one of them is buffered whole (the NUL check
 * and the validators read it). A multipart upload may be larger, but bounded too.
 */
export const limitBodySize: MiddlewareHandler<ApiEnv> = (c, next) => {
  const type = c.req.header('content-type') ?? ''
  return /^multipart\/form-data\b/i.test(type) ? uploadLimit(c, next) : jsonLimit(c, next)
}
