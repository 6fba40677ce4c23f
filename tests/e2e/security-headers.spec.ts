import type { APIRequestContext, APIResponse, Page, Response } from '@playwright/test'
import { consoleUrl, joinUrl, otherUrl } from '../../playwright.config'
import { demoPassword, signInStaff } from './support/auth'
import { fillAboutYou, signUpThroughScreens } from './support/join'
import { expect, test } from './support/test'

/**
 * Issue 30, point 5 (ADR 057): the headers of every kind of answer, read as the browser got them —
 * join pages, the photo step, the pay page, the member's account, console pages, the API, static files
 * and errors. The pages themselves run under the policy in every other browser test: the shared fixture
 * (support/test.ts) fails a test on any `securitypolicyviolation`.
 */

/**
 * A request outside the browser to a site by its name: Node does not resolve `*.localhost` as browsers
 * do, so it goes to the server's address with the site's Host.
 */
function ask(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const { host, pathname, search } = new URL(url)
  return request.get(`${otherUrl}${pathname}${search}`, { headers: { Host: host, ...headers } })
}

type Kind = 'page' | 'card page' | 'photo page' | 'not a page'

async function headersOf(answer: Response | APIResponse | null): Promise<Record<string, string>> {
  expect(answer).not.toBeNull()
  if (!answer) return {}
  return 'allHeaders' in answer ? await answer.allHeaders() : answer.headers()
}

/** What every answer carries, and what its kind adds. */
function expectHeaders(headers: Record<string, string>, kind: Kind, what: string) {
  const csp = headers['content-security-policy'] ?? ''
  expect(csp, what).toContain("frame-ancestors 'none'")
  expect(headers['x-frame-options'], what).toBe('DENY')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['permissions-policy'], what).toContain(kind === 'photo page' ? 'camera=(self)' : 'camera=()')
  // Over plain http no HSTS (a browser ignores it there; a test below asks over https).
  expect(headers['strict-transport-security'], what).toBeUndefined()
  if (kind === 'not a page') {
    expect(csp, what).toContain("default-src 'none'")
    return
  }
  const scripts = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
  expect(scripts, what).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/)
  expect(scripts, what).not.toContain('unsafe-inline')
  expect(scripts, what).not.toContain('unsafe-eval')
  if (kind === 'card page') {
    expect(scripts, what).toContain('https://js.stripe.com')
    expect(csp, what).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/)
    expect(csp, what).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
  } else {
    expect(csp, what).not.toContain('stripe.com')
    expect(csp, what).toContain("frame-src 'none'")
  }
}

/** The page's scripts carry the nonce its policy names, and a new request gets a new one. */
async function expectNonceOnScripts(page: Page, headers: Record<string, string>, what: string) {
  const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1]
  const onScripts = await page.evaluate(() => [...document.scripts].map((script) => script.nonce))
  expect(onScripts.length, what).toBeGreaterThan(0)
  expect(new Set(onScripts), what).toEqual(new Set([nonce]))
  return nonce
}

test('every kind of page, the API, static files and errors carry the security headers', async ({
  page,
  request,
}) => {
  // Join pages: the gym picker, twice (a nonce is used once).
  const joinHome = await headersOf(await page.goto(`${joinUrl}/`))
  expectHeaders(joinHome, 'page', 'join home')
  const first = await expectNonceOnScripts(page, joinHome, 'join home')
  const again = await headersOf(await page.goto(`${joinUrl}/`))
  expect(await expectNonceOnScripts(page, again, 'join home again')).not.toBe(first)

  // The pay page (a payment link; one that names nothing is still the card page).
  const pay = await headersOf(await page.goto(`${joinUrl}/pay?token=no-such-link`))
  expectHeaders(pay, 'card page', 'pay page')
  await expectNonceOnScripts(page, pay, 'pay page')

  // Errors: an address no route has, on both sites, and the API's.
  expectHeaders(await headersOf(await page.goto(`${joinUrl}/no-such-page`)), 'page', 'join 404')
  expectHeaders(await headersOf(await page.goto(`${consoleUrl}/no-such-page`)), 'page', 'console 404')
  const apiMissing = await ask(request, `${consoleUrl}/api/no-such-thing`)
  expect(apiMissing.status()).toBe(404)
  expectHeaders(await headersOf(apiMissing), 'not a page', 'API 404')

  // The API and its document.
  expectHeaders(await headersOf(await ask(request, `${consoleUrl}/api/health`)), 'not a page', 'API')
  expectHeaders(
    await headersOf(await ask(request, `${consoleUrl}/api/openapi.json`)),
    'not a page',
    'openapi',
  )

  // Static files: a script the page loads, an icon.
  const script = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '',
  )
  expect(script).toContain('/assets/')
  const asset = await ask(request, script)
  expect(asset.status()).toBe(200)
  expectHeaders(await headersOf(asset), 'not a page', 'script file')
  expectHeaders(await headersOf(await ask(request, `${joinUrl}/favicon.svg`)), 'not a page', 'icon')

  // Console pages: sign-in as a guest, the dashboard signed in.
  expectHeaders(await headersOf(await page.goto(`${consoleUrl}/login`)), 'page', 'console sign-in')
  const dashboard = page.waitForResponse((answer) => answer.url() === `${consoleUrl}/dashboard`)
  await signInStaff(page, 'owner@demo.gymbase.nz')
  const console_ = await headersOf(await dashboard)
  expectHeaders(console_, 'page', 'console dashboard')
  await expectNonceOnScripts(page, console_, 'console dashboard')
})

test('the member’s account carries the page policy', async ({ page }) => {
  // The member's account, signed in as a member does.
  await page.goto(`${joinUrl}/login`)
  await page.getByLabel('E-mail').fill('member@demo.gymbase.nz')
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByLabel('Password', { exact: true }).press('Enter')
  await expect(page).toHaveURL(/\/account/)
  const account = await headersOf(await page.goto(`${joinUrl}/account`))
  expectHeaders(account, 'page', 'member account')
  await expectNonceOnScripts(page, account, 'member account')
})

test('the join’s photo step is a document of its own, with the camera allowed', async ({ page }) => {
  // A new member reaches the photo step: its document is loaded for it, with the camera allowed.
  const photo = page.waitForResponse(
    (answer) => answer.url() === `${joinUrl}/take-photo` && answer.request().resourceType() === 'document',
  )
  await signUpThroughScreens(page, { gym: /Ponsonby/, name: 'Aroha Headers', prefix: 'headers' })
  await fillAboutYou(page)
  const photoHeaders = await headersOf(await photo)
  expectHeaders(photoHeaders, 'photo page', 'photo step')
  await expect(page.getByRole('button', { name: 'Use the camera' })).toBeEnabled()
})

test('HSTS only when the visitor came over https, as the proxy in front says', async ({ request }) => {
  const overHttps = await ask(request, `${joinUrl}/`, { 'X-Forwarded-Proto': 'https' })
  expect(overHttps.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  const api = await ask(request, `${consoleUrl}/api/health`, { 'X-Forwarded-Proto': 'https' })
  expect(api.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  const overHttp = await ask(request, `${joinUrl}/`, { 'X-Forwarded-Proto': 'http' })
  expect(overHttp.headers()['strict-transport-security']).toBeUndefined()
})

test('a browser that leaves while the page’s scripts load does not stop the server', async ({ request }) => {
  // Leaving a page (a new document for the photo step, a closed tab) cancels the scripts still loading.
  // A static file's answer wrapped anew for its headers turned that cancel into an error that ended the
  // process (ADR 057): every request after it was refused.
  const { host } = new URL(joinUrl)
  const html = await (await ask(request, `${joinUrl}/`)).text()
  const scripts = [...new Set([...html.matchAll(/\/assets\/[^"']+\.js/g)].map((match) => match[0]))]
  expect(scripts.length).toBeGreaterThan(3)
  let cancelled = 0
  for (let round = 0; round < 30; round += 1) {
    await Promise.all(
      scripts.map(async (script) => {
        const leave = new AbortController()
        try {
          const answer = await fetch(`${otherUrl}${script}`, {
            signal: leave.signal,
            headers: { Host: host, 'Accept-Encoding': round % 2 ? 'identity' : 'gzip' },
          })
          const reader = answer.body?.getReader()
          await reader?.read()
          setTimeout(() => leave.abort(), round % 5)
          while (reader && !(await reader.read()).done) {}
        } catch {
          cancelled += 1
        }
      }),
    )
  }
  expect(cancelled).toBeGreaterThan(0)
  expect((await ask(request, `${joinUrl}/api/health`)).status()).toBe(200)
})
