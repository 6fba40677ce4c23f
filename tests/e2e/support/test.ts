import { test as base, expect } from '@playwright/test'

/**
 * Playwright's `test` with one change: `page.goto` waits until React has hydrated the page (the root
 * sets `data-hydrated` on <html>), so typing into a server-rendered form is never lost to hydration.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      // The API's own pages (the reference) are not React pages.
      if (!new URL(url, page.url()).pathname.startsWith('/api/')) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      }
      return response
    }
    await use(page)
  },
})

export { expect }
