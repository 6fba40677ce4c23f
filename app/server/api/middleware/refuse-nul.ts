import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../context'

export const nulRefusedMessage = 'Text may not contain a NUL character.'
export const brokenTextMessage =
  'Text holds a broken character (half of an emoji or symbol). Remove it and try again.'

/** Half of a surrogate pair with no other half. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * The first string in a parsed JSON value (keys included) that PostgreSQL would refuse, and why. Walked
 * with a list rather than recursion: a body nested 100,000 arrays deep would overflow the stack.
 */
function unstorableText(value: unknown): 'nul' | 'broken' | undefined {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul'
      // A lone UTF-16 surrogate (`"\ud800"` in JSON) has no UTF-8 form: a jsonb column (the audit log)
      // refuses it with an error, and a text column would silently keep U+FFFD instead.
      if (loneSurrogate.test(item)) return 'broken'
    } else if (Array.isArray(item)) {
      // One at a time: spreading an array of 500,000 items into push() overflows the stack too.
      for (const entry of item) pending.push(entry)
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) pending.push(key, entry)
    }
  }
  return undefined
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

/** A JSON escape of U+0000 or of a surrogate (`\ud83d`), which may be a lone one. */
const suspectEscape = /\\u(0000|d[89a-f])/i

/**
 * PostgreSQL refuses U+0000 in text, and a lone surrogate in jsonb, with an error: a NUL anywhere in the
 * address, or either in a JSON body, is refused here, for every operation at once, with a 422 in words —
 * never a 500. (An address or a multipart field is decoded from UTF-8, where a lone surrogate can't occur.)
 */
export const refuseNul: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (decodedAddressHoldsNul(c.req.url)) return c.json({ message: nulRefusedMessage }, 422)
  const type = c.req.header('content-type') ?? ''
  if (/^application\/(.+\+)?json\b/i.test(type)) {
    const text = await c.req.raw.clone().text()
    // Only a body that mentions a NUL or a surrogate at all is parsed twice; a body that isn't JSON is
    // the validator's.
    if (text.includes('\u0000') || suspectEscape.test(text)) {
      const found = unstorableText(parseJson(text))
      if (found === 'nul') return c.json({ message: nulRefusedMessage }, 422)
      if (found === 'broken') return c.json({ message: brokenTextMessage }, 422)
    }
  }
  await next()
}
