import { expect, type Page, type Route } from '@playwright/test'

/**
 * A page shown before its code has arrived (a slow phone): `open` loads the address with every script
 * held back, so the test acts on the server's HTML as a person would; `release` lets the code arrive and
 * waits until the page has taken over what was done meanwhile (hydrated, the network quiet).
 */
export async function openBeforeLoad(page: Page, url: string) {
  let letThrough: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    letThrough = resolve
  })
  const hold = async (route: Route) => {
    await released
    await route.continue().catch(() => {})
  }
  await page.route('**/*.js', hold)
  // The test fixture's goto waits until the page is hydrated, which it cannot be until released.
  const loading = page.goto(url).catch((error: unknown) => error)
  // The new document, not the one before it (which had come alive).
  await page.waitForFunction(() => document.body !== null && !document.documentElement.dataset.hydrated)
  return {
    /** Still the server's HTML: no code of the page has run. */
    async expectNotLoaded() {
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no')).toBe('no')
    },
    async release() {
      letThrough()
      await page.unroute('**/*.js', hold)
      const failed = await loading
      if (failed instanceof Error) throw failed
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await page.waitForLoadState('networkidle')
    },
  }
}
