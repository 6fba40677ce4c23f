import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../context'

export const nulRefusedMessage = 'Text may not contain a NUL character.'

/** True when any string in a parsed JSON value (keys included) holds U+0000. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(holdsNul)
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item))
  }
  return false
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function decodedAddressHoldsNul(url: string): boolean {
  const { pathname, search } = new URL(url)
  try {
    return decodeURIComponent(pathname + search).includes('\u0000')
  } catch {
    // A malformed escape can't be decoded; the route's own validation refuses what it can't read.
    return (pathname + search).includes('%00')
  }
}

/**
 * PostgreSQL refuses U+0000 in text and answers with an error, so a NUL anywhere in the address or a
 * JSON body is refused here, for every operation at once, with a 422 in words — never a 500.
 */
export const refuseNul: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (decodedAddressHoldsNul(c.req.url)) return c.json({ message: nulRefusedMessage }, 422)
  const type = c.req.header('content-type') ?? ''
  if (/^application\/(.+\+)?json\b/i.test(type)) {
    const text = await c.req.raw.clone().text()
    // Only a body that mentions a NUL at all is parsed twice; a body that isn't JSON is the validator's.
    if ((text.includes('\\u0000') || text.includes('\u0000')) && holdsNul(parseJson(text))) {
      return c.json({ message: nulRefusedMessage }, 422)
    }
  }
  await next()
}
