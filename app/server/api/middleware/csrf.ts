import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from '../context'
import { originSite } from '../request-info'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

export const csrfRefusedMessage = 'This request was refused because it did not come from a Gymbase page.'

/**
 * DESIGN §7: a state-changing call must say it is an XMLHttpRequest (a header no cross-site form can
 * send) and, when the browser names its origin, come from one of our two sites.
 */
export const csrfProtection: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!safeMethods.has(c.req.method)) {
    const site = originSite(c)
    if (c.req.header('x-requested-with') !== 'XMLHttpRequest' || site === 'other') {
      return c.json({ message: csrfRefusedMessage }, 403)
    }
  }
  await next()
}
