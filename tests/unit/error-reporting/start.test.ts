import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetEnvCache } from '~/lib/env.server'
import { startBrowserErrorReporting } from '~/lib/error-reporting/browser'
import {
  errorReportingStarted,
  reportError,
  resetErrorReporting,
  startErrorReporting,
} from '~/server/error-reporting.server'

const browserSentry = vi.hoisted(() => ({ initBrowserSentry: vi.fn() }))
vi.mock('~/lib/error-reporting/browser-sentry', () => browserSentry)

afterEach(() => {
  resetErrorReporting()
  vi.unstubAllEnvs()
  resetEnvCache()
})

describe('error reporting without SENTRY_DSN', () => {
  it('starts nothing on the server: Sentry is not even loaded, and reporting is a no-op', async () => {
    vi.stubEnv('SENTRY_DSN', '')
    resetEnvCache()
    const load = vi.fn()
    expect(await startErrorReporting({ load })).toBe(false)
    expect(load).not.toHaveBeenCalled()
    expect(errorReportingStarted()).toBe(false)
    expect(() => reportError(new Error('boom'), { route: '/api/x' })).not.toThrow()
  })

  it('loads no Sentry code in the browser', async () => {
    expect(await startBrowserErrorReporting(undefined)).toBe(false)
    expect(await startBrowserErrorReporting('')).toBe(false)
    expect(browserSentry.initBrowserSentry).not.toHaveBeenCalled()
  })
})

describe('error reporting with SENTRY_DSN', () => {
  it('starts the browser’s Sentry with the DSN the page was given', async () => {
    expect(await startBrowserErrorReporting('https://public@o1.ingest.sentry.io/2')).toBe(true)
    expect(browserSentry.initBrowserSentry).toHaveBeenCalledWith('https://public@o1.ingest.sentry.io/2')
  })

  it('starts the server’s once, sampled at 0.5 with no default personal data, and sends scrubbed events', async () => {
    vi.stubEnv('SENTRY_DSN', 'https://public@o1.ingest.sentry.io/2')
    resetEnvCache()
    const Sentry = await import('@sentry/node')
    const sent: string[] = []
    const init = vi.fn((options: Parameters<typeof Sentry.init>[0]) =>
      Sentry.init({
        ...options,
        defaultIntegrations: false,
        // What would go over the wire, kept here instead.
        transport: () => ({
          send: async (envelope) => {
            sent.push(JSON.stringify(envelope))
            return {}
          },
          flush: async () => true,
        }),
      }),
    )
    const load = vi.fn(async () => ({ ...Sentry, init }))
    expect(await startErrorReporting({ load })).toBe(true)
    expect(await startErrorReporting({ load })).toBe(true)
    expect(load).toHaveBeenCalledTimes(1)
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://public@o1.ingest.sentry.io/2',
        tracesSampleRate: 0.5,
        sendDefaultPii: false,
        beforeSend: expect.any(Function),
        beforeSendTransaction: expect.any(Function),
      }),
    )
    reportError(new Error('Card 4242424242424242 of aroha@example.nz refused; cookie: sid=abc123'), {
      route: '/api/members/{id}',
    })
    await Sentry.flush(2000)
    const wire = sent.join('\n')
    expect(wire).toContain('Card [card number] of [email] refused')
    expect(wire).toContain('/api/members/{id}')
    expect(wire).not.toContain('4242424242424242')
    expect(wire).not.toContain('aroha@example.nz')
    expect(wire).not.toContain('sid=abc123')
    await Sentry.close(1000)
  })
})
