import { createFileRoute } from '@tanstack/react-router'
import { getApi } from '~/server/api/app'

/** Every `/api/*` request goes to the Hono API (DESIGN §1); the router never rewrites it. */
const handle = ({ request }: { request: Request }) => getApi().fetch(request)

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
