import { randomBytes } from 'node:crypto'
import { getEnv } from '~/lib/env.server'
import { type PagePolicy, pagePolicyOf } from '~/lib/page-policy'
import { siteForHost, toInternalPath } from '~/lib/sites'

/**
 * The security headers of every answer (issue 30, point 5; ADR 057): pages, the API, server functions,
 * static files and errors alike.
 *
 * - Content-Security-Policy: a page runs only scripts that carry the request's nonce (the router puts it
 *   on every script and link it renders, app/router.tsx) or come from our own origin; Stripe.js
 *   (js.stripe.com, its frames and api.stripe.com) only on the pages where a card is entered. Anything
 *   that is not a page (JSON, files) may load nothing at all.
 * - frame-ancestors 'none' and X-Frame-Options DENY: no page of ours is shown inside another site's
 *   frame; the card frames are Stripe's own, on its origin.
 * - Permissions-Policy: the camera only where the join's photo is taken; never the microphone,
 *   the position, payment handlers or USB.
 * - Strict-Transport-Security when the request came over https: directly, or through a proxy we trust
 *   (TRUST_PROXY) that says so in X-Forwarded-Proto.
 * - Referrer-Policy: other sites see our origin at most, never a path (a payment link's is its token).
 */

/** A fresh nonce for one request: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

const stripe = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

/** The page's Content-Security-Policy, by what the page may do. */
export function pageContentSecurityPolicy(options: {
  nonce: string
  policy: PagePolicy
  reportTo?: string[]
}) {
  const card = options.policy === 'card'
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${options.nonce}'`, ...(card ? stripe.script : [])],
    // React's `style` props and Stripe's own elements set styles inline; a style cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(card ? ['https://*.stripe.com'] : [])],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    // blob: the photo step reads back the picture it took (or was given) to send it.
    'connect-src': ["'self'", 'blob:', ...(card ? stripe.connect : []), ...(options.reportTo ?? [])],
    'frame-src': card ? stripe.frame : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Anything that is not a page: it loads nothing, runs nothing and is framed by nobody. */
export const nonPageContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

/** Whether the visitor reached us over https: the request's own scheme, or a trusted proxy's word. */
export function overHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  if (!getEnv().TRUST_PROXY) return false
  // The first value: the scheme the visitor used at the proxy nearest them.
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  return forwarded === 'https'
}

/** The page's policy from the address asked for (the join host's `/pay` is the internal `/join/pay`). */
export function pagePolicyOfRequest(request: Request): PagePolicy {
  const url = new URL(request.url)
  const env = getEnv()
  const site = siteForHost(url.hostname, { join: env.JOIN_HOST, console: env.CONSOLE_HOST })
  return pagePolicyOf(toInternalPath(url.pathname, site))
}

function sentryOrigin(): string[] {
  const dsn = getEnv().SENTRY_DSN
  return dsn ? [new URL(dsn).origin] : []
}

/**
 * The answer itself when its headers can be set, or else (redirects, fetched answers: immutable headers)
 * a new Response around the same body. Not a new one every time: reading `body` turns a file streamed
 * from disk into a web stream, and Node's (undici's) stream made from a file throws out of a microtask,
 * ending the process, when the browser cancels it as its last chunk is read (a page left while its
 * scripts load).
 */
export function withSettableHeaders(response: Response): Response {
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff')
    return response
  } catch {
    return new Response(response.body, response)
  }
}

/**
 * The answer with the security headers set. `nonce` is the one the page was rendered with; an HTML
 * answer without one (a static file) gets the non-page policy, which runs nothing.
 */
export function withSecurityHeaders(request: Request, response: Response, nonce?: string): Response {
  const secured = withSettableHeaders(response)
  const headers = secured.headers
  const html = (headers.get('content-type') ?? '').toLowerCase().startsWith('text/html')
  const policy = html ? pagePolicyOfRequest(request) : 'plain'
  headers.set(
    'Content-Security-Policy',
    html && nonce
      ? pageContentSecurityPolicy({ nonce, policy, reportTo: sentryOrigin() })
      : nonPageContentSecurityPolicy,
  )
  headers.set('X-Frame-Options', 'DENY')
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set(
    'Permissions-Policy',
    [
      `camera=${policy === 'camera' ? '(self)' : '()'}`,
      'microphone=()',
      'geolocation=()',
      `payment=${policy === 'card' ? '(self "https://js.stripe.com")' : '()'}`,
      'usb=()',
    ].join(', '),
  )
  if (overHttps(request)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  return secured
}
