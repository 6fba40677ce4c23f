/**
 * The API alone as a web process, for `npm run chaos` when there is no production build: the same
 * Hono app (`getApi`) the production server mounts under `/api`, served by srvx on PORT against
 * DATABASE_URL with the sandbox providers, so the chaos can kill it in the middle of a request. The
 * production server sets the client's address header from the connection; here the caller sends it.
 */
import { serve } from 'srvx/node'
import { getApi } from '~/server/api/app'

const server = serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST ?? '127.0.0.1',
  silent: true,
  fetch: (request) => getApi().fetch(request),
})
await server.ready()
