import { AsyncLocalStorage } from 'node:async_hooks'
import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { provideInProcessApi } from '~/contracts/api/client.server'
import { providePageNonce } from '~/lib/page-policy'
import { provideServerSiteConfig } from '~/lib/site-config'
import { getApi } from '~/server/api/app'
import { boot, shutdown } from '~/server/boot.server'
import { answerRequest } from '~/server/requests-first.server'
import { newNonce, withSecurityHeaders } from '~/server/security/security-headers.server'
import { readRequestHostname, readSiteConfig } from '~/server/site-config.server'

/**
 * The production server's entry. `boot()` opens and migrates the database (and seeds the embedded
 * one on first start) before the first request is answered; `scripts/start.ts` calls it eagerly.
 */
const handler = createStartHandler(defaultStreamHandler)

/** Each request's Content-Security-Policy nonce, for the router that renders its page (ADR 057). */
const requestNonce = new AsyncLocalStorage<string>()

provideServerSiteConfig(readSiteConfig, readRequestHostname)
provideInProcessApi((request) => getApi().fetch(request))
providePageNonce(() => requestNonce.getStore())

export { withSettableHeaders } from '~/server/security/security-headers.server'
export { boot, shutdown }

/**
 * The security headers of an answer the app did not render (scripts/start.ts's static files): the
 * non-page policy, which runs nothing, with the others every answer carries.
 */
export function secureStaticAnswer(request: Request, response: Response): Response {
  return withSecurityHeaders(request, response)
}

export default createServerEntry({
  async fetch(request) {
    // Counted, so the demo's history in the background waits between its steps while we answer (ADR 055).
    return answerRequest(async () => {
      await boot()
      // Vite's development server injects its own inline scripts: the policy holds in the built app.
      if (import.meta.env.DEV) return handler(request)
      const nonce = newNonce()
      const response = await requestNonce.run(nonce, () => handler(request))
      return withSecurityHeaders(request, response, nonce)
    })
  },
})
