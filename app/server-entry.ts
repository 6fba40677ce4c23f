import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { provideServerSiteConfig } from '~/lib/site-config'
import { readSiteConfig } from '~/lib/site-config.server'
import { boot, shutdown } from '~/server/boot.server'

/**
 * The production server's entry. `boot()` opens and migrates the database (and seeds the embedded
 * one on first start) before the first request is answered; `scripts/start.ts` calls it eagerly.
 */
const handler = createStartHandler(defaultStreamHandler)

provideServerSiteConfig(readSiteConfig)

export { boot, shutdown }

export default createServerEntry({
  async fetch(request) {
    await boot()
    return handler(request)
  },
})
