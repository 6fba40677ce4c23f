import { createMiddleware } from '@tanstack/react-start'
import { withScreenErrors } from './screen-errors'

/** Every server function's errors pass through here (app/start.ts registers it for all of them). */
export const screenErrors = createMiddleware({ type: 'function' }).server(({ next }) =>
  withScreenErrors(next),
)
