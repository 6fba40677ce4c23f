import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { screenErrors } from '~/lib/server-fn-errors'

/**
 * Start's instance. Declaring one replaces Start's default request middleware, so the CSRF check it
 * applies to server functions by default is restated here; `screenErrors` turns every server function's
 * failures into what the screens show (not-found pages, validation messages in words).
 */
export const startInstance = createStart(() => ({
  requestMiddleware: [createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })],
  functionMiddleware: [screenErrors],
}))
