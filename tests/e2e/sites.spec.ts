import { consoleUrl, joinUrl, otherUrl } from '../../playwright.config'
import { expect, test } from './support/test'

test.describe('two sites by host', () => {
  test('the console host sends / to the login screen @phone', async ({ page }) => {
    await page.goto(`${consoleUrl}/`)
    await expect(page).toHaveURL(`${consoleUrl}/login`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Gymbase' })).toBeVisible()
  })

  test('the join host serves the register route at / @phone', async ({ page }) => {
    await page.goto(`${joinUrl}/`)
    await expect(page).toHaveURL(`${joinUrl}/`)
    await expect(page.getByRole('heading', { level: 1, name: 'Join your gym' })).toBeVisible()
  })

  test('any other host links to both sites', async ({ page }) => {
    await page.goto(`${otherUrl}/`)
    await expect(page.getByRole('heading', { level: 1, name: 'Gymbase' })).toBeVisible()
    const joinLink = page.getByRole('link', { name: /Join a gym/ })
    const consoleLink = page.getByRole('link', { name: /Staff console/ })
    await expect(joinLink).toHaveAttribute('href', `${joinUrl}/`)
    await expect(consoleLink).toHaveAttribute('href', `${consoleUrl}/`)
    await consoleLink.click()
    await expect(page).toHaveURL(`${consoleUrl}/login`)
  })

  test('internal prefixes never show: a console path does not exist on the join host', async ({ page }) => {
    await page.goto(`${joinUrl}/dashboard`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await page.goto(`${consoleUrl}/console/login`)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  })

  test('each site has a not-found page linking back to its start @phone', async ({ page }) => {
    for (const url of [`${consoleUrl}/no-such-page`, `${joinUrl}/no-such-page`]) {
      const response = await page.goto(url)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    }
    await page.getByRole('link', { name: 'Go to the start' }).click()
    await expect(page).toHaveURL(`${joinUrl}/`)
  })
})

test.describe('navigation', () => {
  test('every navigation starts at the top of the page', async ({ page }) => {
    await page.goto(`${consoleUrl}/no-such-page`)
    // Make every page of this document tall, so the browser cannot explain a zero by clamping.
    await page.addStyleTag({ content: 'body { min-height: 4000px; }' })
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = 'yes'
      window.scrollTo(0, 1500)
    })
    expect(await page.evaluate(() => window.scrollY)).toBe(1500)
    // dispatchEvent clicks without scrolling the link into view first.
    await page.getByRole('link', { name: 'Go to the start' }).dispatchEvent('click')
    await expect(page).toHaveURL(`${consoleUrl}/login`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Gymbase' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe('yes')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test.describe('guards before sign-in exists', () => {
  test('a protected console screen sends a visitor to login with the path to come back to', async ({
    page,
  }) => {
    await page.goto(`${consoleUrl}/members?page=2`)
    await expect(page).toHaveURL(`${consoleUrl}/login?redirect=${encodeURIComponent('/members?page=2')}`)
  })

  test('a registration step sends a visitor to register with the path to come back to', async ({ page }) => {
    await page.goto(`${joinUrl}/take-photo`)
    await expect(page).toHaveURL(`${joinUrl}/?redirect=${encodeURIComponent('/take-photo')}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Join your gym' })).toBeVisible()
  })
})

test.describe('the API under /api on either host', () => {
  test('health answers, /api/me is 401 and the reference page renders', async ({ request, page }) => {
    // Node does not resolve *.localhost: connect to loopback and name the site in the Host header.
    const health = await request.get(`${otherUrl}/api/health`, {
      headers: { Host: new URL(consoleUrl).host },
    })
    expect(health.ok()).toBe(true)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' })
    const me = await request.get(`${otherUrl}/api/me`, { headers: { Host: new URL(joinUrl).host } })
    expect(me.status()).toBe(401)
    expect(await me.json()).toEqual({ message: 'Unauthenticated.' })
    await page.goto(`${consoleUrl}/api/docs`)
    // Swagger UI fetches and renders the whole document first: seconds on a busy machine.
    await expect(page.getByRole('heading', { name: /Gymbase API/ })).toBeVisible({ timeout: 20_000 })
  })
})
