import { createHash } from 'node:crypto'
import { test as base, expect } from '@playwright/test'

/**
 * Playwright's `test` with two changes: each test has an address of its own, and `page.goto` waits until React has hydrated the page (the root
 * sets `data-hydrated` on <html>, and the page's own chunk has arrived), so a test's typing and
 * pressing reach React rather than the bare server-rendered HTML.
 */
export const test = base.extend({
  // Each test (and each retry) comes from an address of its own, in the benchmarking range 198.18.0.0/15,
  // as people on their own devices do: the server trusts the proxy header in browser tests only.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest()
    const address = `198.${18 + (a % 2)}.${b}.${c}`
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address })
  },
  page: async ({ page }, use, testInfo) => {
    // The pages' Content-Security-Policy and Permissions-Policy are enforced (ADR 057): anything they
    // refuse (a script without the nonce, Stripe outside the card pages, the camera outside the photo
    // step) fails the test that met it, as it would break the page for a person.
    const refused: string[] = []
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `securitypolicyviolation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${location.pathname}`,
        )
      })
    })
    page.on('console', (message) => {
      const text = message.text()
      if (
        text.startsWith('securitypolicyviolation:') ||
        /violates the following Content Security Policy/i.test(text) ||
        /Permissions policy violation/i.test(text)
      ) {
        refused.push(text)
      }
    })
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      // The API's own pages (the reference) are not React pages.
      if (!new URL(url, page.url()).pathname.startsWith('/api/')) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        // The root hydrates first; each page's own code (a chunk of its own) hydrates once it has
        // arrived. When the network has been quiet a moment, it has.
        await page.waitForLoadState('networkidle')
      }
      return response
    }
    await use(page)
    expect(refused, `${testInfo.title}: what the page's policies refused`).toEqual([])
  },
})

export { expect }
