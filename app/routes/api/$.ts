import { createFileRoute } from '@tanstack/react-router'
import { clientIpHeader, currentClientIp } from '~/lib/client-ip.server'
import { getApi } from '~/server/api/app'

/**
 * Every `/api/*` request goes to the Hono API (DESIGN §1); the router never rewrites it. The client's
 * address travels in our own header, overwriting any value the caller sent.
 */
function handle({ request }: { request: Request }) {
  const headers = new Headers(request.headers)
  headers.set(clientIpHeader, currentClientIp())
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  // A new Request from parts: srvx's request class cannot be passed to the Request constructor.
  const forwarded = new Request(request.url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  })
  return getApi().fetch(forwarded)
}

export const Route = createFileRoute('/api/$')({
  server: {
    handlers: {
      GET: handle,
      POST: handle,
      PUT: handle,
      PATCH: handle,
      DELETE: handle,
      OPTIONS: handle,
      HEAD: handle,
    },
  },
})
