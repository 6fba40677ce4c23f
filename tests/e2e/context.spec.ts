import { consoleUrl, joinUrl, otherUrl } from '../../playwright.config'
import { demoPassword, withLock } from './support/auth'
import { signUpThroughScreens } from './support/join'
import { expect, test } from './support/test'

// Context on every screen (issue 13): where a code went and a way out, the join site's header, icons.
test.describe('context on every screen', () => {
  test('the console’s code screen names the address and offers another account', async ({ page }) => {
    const email = 'regional@demo.gymbase.nz'
    await withLock(email, async () => {
      await page.goto(`${consoleUrl}/login`)
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Password', { exact: true }).fill(demoPassword)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
      await expect(page.getByText(`We e-mailed a 6-digit code to ${email}.`)).toBeVisible()

      await page.getByRole('link', { name: 'Use another account' }).click()
      await expect(page).toHaveURL(`${consoleUrl}/login`)
      // The half-finished session is gone: a protected screen asks for the password again.
      await page.goto(`${consoleUrl}/dashboard`)
      await expect(page).toHaveURL(/\/login\?redirect=/)
    })
  })

  test('every join screen carries the header, and a new member can sign out from the code screen @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const header = page.getByRole('banner')
    for (const path of ['/', '/login', '/forgot-password', '/legal/privacy-policy', '/no-such-page']) {
      await page.goto(`${joinUrl}${path}`)
      await expect(header.getByRole('link', { name: 'Gymbase' })).toBeVisible()
      await expect(header.getByRole('link', { name: 'Sign out' })).toHaveCount(0)
    }

    const email = await signUpThroughScreens(page, {
      gym: /Takapuna/,
      name: 'Context Tester',
      prefix: 'context',
      confirm: false,
    })
    await expect(
      page.getByText(`We e-mailed a 6-digit code to ${email} to confirm your address.`),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Use another account' })).toBeVisible()

    await header.getByRole('link', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(`${joinUrl}/login`)
    await expect(header.getByRole('link', { name: 'Sign out' })).toHaveCount(0)
    await page.goto(`${joinUrl}/take-photo`)
    await expect(page).toHaveURL(/\/\?redirect=|\/$|\/\?/)
  })

  test('both sites have a favicon and app icons, and a page loads without a missing file', async ({
    page,
  }) => {
    for (const origin of [consoleUrl, joinUrl]) {
      for (const [path, type] of [
        ['/favicon.ico', 'image/'],
        ['/favicon.svg', 'image/svg+xml'],
        ['/apple-touch-icon.png', 'image/png'],
        ['/manifest.json', 'application/json'],
      ] as const) {
        const response = await page.request.get(`${otherUrl}${path}`, {
          headers: { Host: new URL(origin).host },
        })
        expect(response.status(), `${origin}${path}`).toBe(200)
        expect(response.headers()['content-type']).toContain(type)
      }
    }
    const missing: string[] = []
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url())
    })
    await page.goto(`${consoleUrl}/login`)
    await page.goto(`${joinUrl}/`)
    await page.waitForLoadState('networkidle')
    expect(missing).toEqual([])
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', '/favicon.ico')
  })
})
