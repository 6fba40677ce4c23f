/**
 * The app as a process of its own for tests that start, stop and restart it on a data folder (the
 * backup test, ADR 059): the server's own start-up (`boot()`: database, migrations, demo seed, job
 * queue, backup channel) and the API on PORT, the client's address passed as `app/routes/api/$.ts`
 * passes it. No pages: a test of data kept and restored needs none, and building them takes minutes.
 * Prints `ready` once it answers; SIGTERM shuts it down as `npm start` does.
 */
import { serve } from 'srvx/node'
import { clientIpHeader } from '~/lib/client-ip.server'
import { getApi } from '~/server/api/app'
import { boot, shutdown } from '~/server/boot.server'

await boot()
const server = serve({
  port: Number(process.env.PORT),
  hostname: '127.0.0.1',
  silent: true,
  fetch(request) {
    const headers = new Headers(request.headers)
    headers.set(clientIpHeader, request.ip ?? 'unknown')
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    return getApi().fetch(
      new Request(request.url, {
        method: request.method,
        headers,
        body: hasBody ? request.body : null,
        ...(hasBody ? { duplex: 'half' } : {}),
      }),
    )
  },
})
await server.ready()
console.info('ready')
process.once('SIGTERM', async () => {
  await server.close()
  await shutdown()
  process.exit(0)
})
