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
  // Providers' webhooks come from their servers, not a browser: their signature is checked instead.
  if (!safeMethods.has(c.req.method) && !isProviderWebhook(c.req.path)) {
    const site = originSite(c)
    if (c.req.header('x-requested-with') !== 'XMLHttpRequest' || site === 'other') {
      return c.json({ message: csrfRefusedMessage }, 403)
    }
  }
  await next()
}

/** `POST /api/webhooks/{stripe,akahu,kisi}` (ADR 040): server to server, no session, no CSRF header. */
export function isProviderWebhook(path: string): boolean {
  return /^\/api\/webhooks\/(stripe|akahu|kisi)$/.test(path)
}
