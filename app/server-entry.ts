import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { provideInProcessApi } from '~/contracts/api/client.server'
import { provideServerSiteConfig } from '~/lib/site-config'
import { getApi } from '~/server/api/app'
import { boot, shutdown } from '~/server/boot.server'
import { answerRequest } from '~/server/requests-first.server'
import { readRequestHostname, readSiteConfig } from '~/server/site-config.server'

/**
 * The production server's entry. `boot()` opens and migrates the database (and seeds the embedded
 * one on first start) before the first request is answered; `scripts/start.ts` calls it eagerly.
 */
const handler = createStartHandler(defaultStreamHandler)

provideServerSiteConfig(readSiteConfig, readRequestHostname)
provideInProcessApi((request) => getApi().fetch(request))

export { boot, shutdown }

export default createServerEntry({
  async fetch(request) {
    // Counted, so the demo's history in the background waits between its steps while we answer (ADR 055).
    return answerRequest(async () => {
      await boot()
      return handler(request)
    })
  },
})
