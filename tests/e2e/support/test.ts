import { test as base, expect } from '@playwright/test'

/**
 * Playwright's `test` with one change: `page.goto` waits until React has hydrated the page (the root
 * sets `data-hydrated` on <html>, and the page's own chunk has arrived), so a test's typing and
 * pressing reach React rather than the bare server-rendered HTML.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
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
  },
})

export { expect }
