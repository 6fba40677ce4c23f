import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { siteConfigScript } from '~/lib/site-config'
import { earlyErrorsScript } from '~/server/site-config.server'

const config = { join: 'join.localhost', console: 'console.localhost', protocol: 'http:', port: '3000' }
/** As `readSiteConfig` gives it with `SENTRY_DSN` set. */
const sentryOn = { ...config, sentryDsn: 'https://k@o1.ingest.sentry.io/2', earlyErrors: earlyErrorsScript }

/** The page's global object, as much of it as the head script touches. */
interface Page {
  addEventListener: (type: string, listener: (event: unknown) => void) => void
  window?: Page
  __GYMBASE_EARLY_ERRORS__?: unknown[]
}

/** Runs the head script as a page would, and throws `count` errors at it before Sentry is there. */
function runScript(script: string, count: number): Page {
  const listeners: Record<string, (event: unknown) => void> = {}
  const page: Page = {
    addEventListener: (type, listener) => {
      listeners[type] = listener
    },
  }
  page.window = page
  runInNewContext(script, page)
  for (let thrown = 0; thrown < count; thrown += 1)
    listeners.error?.({ error: new Error(`early ${thrown}`), message: `early ${thrown}` })
  listeners.unhandledrejection?.({ reason: 'a promise refused' })
  return page
}

describe('errors before Sentry starts (ADR 039)', () => {
  it('are kept, at most twenty, only when the page has a DSN', () => {
    const withDsn = runScript(siteConfigScript(sentryOn), 3)
    const kept = withDsn.__GYMBASE_EARLY_ERRORS__ ?? []
    expect(kept).toHaveLength(4)
    expect(String(kept[0])).toContain('early 0')
    expect(kept[3]).toBe('a promise refused')
    expect(runScript(siteConfigScript(sentryOn), 50).__GYMBASE_EARLY_ERRORS__).toHaveLength(20)

    const without = runScript(siteConfigScript(config), 3)
    expect(without.__GYMBASE_EARLY_ERRORS__).toBeUndefined()
    expect(siteConfigScript(config)).not.toContain('addEventListener')
  })
})
