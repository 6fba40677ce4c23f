import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, expect, type Page } from '@playwright/test'
import { consoleUrl, joinUrl, otherUrl } from '../../../playwright.config'
import { codeIn, waitForMail } from './mailbox'

export const demoPassword = 'gymbase-demo'

const sessionsDirectory = join(process.cwd(), 'test-results', 'sessions')

/**
 * Signs a demo staff user in and opens `path`. Each user signs in through the screens once per run and
 * the session is reused (STYLE.md): tests running side by side would otherwise each ask for a code and
 * expire one another's, and the sign-in screens are tested on their own. A test that signs out must use
 * `signInStaffThroughScreens`, or it would end the shared session.
 */
export async function signInStaff(page: Page, email: string, options: { path?: string } = {}) {
  const file = join(sessionsDirectory, `${email}.json`)
  const browser = page.context().browser()
  if (!existsSync(file) && browser) await withLock(email, () => storeSession(browser, email, file))
  if (existsSync(file)) {
    await page.context().addCookies(JSON.parse(readFileSync(file, 'utf8')).cookies)
    await page.goto(`${consoleUrl}${options.path ?? '/dashboard'}`)
    return
  }
  await signInStaffThroughScreens(page, email, options)
}

async function storeSession(browser: Browser, email: string, file: string) {
  if (existsSync(file)) return
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInThroughScreens(page, email)
  await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
  mkdirSync(sessionsDirectory, { recursive: true })
  writeFileSync(file, JSON.stringify(await context.storageState()))
  await context.close()
}

/**
 * One sign-in per user at a time across workers (a second would expire the first's code); tests that
 * sign a demo user in by hand wrap those steps in it too.
 */
export async function withLock(name: string, work: () => Promise<void>, options: { waitMs?: number } = {}) {
  mkdirSync(sessionsDirectory, { recursive: true })
  const lock = join(sessionsDirectory, `${name}.lock`)
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (waited > (options.waitMs ?? 60_000)) throw new Error(`Waited too long for ${name}'s lock`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    await work()
  } finally {
    rmdirSync(lock)
  }
}

/**
 * Signs a demo staff user in on the console through the screens, code read from the SMTP server. One
 * sign-in per user at a time across workers: a second one would send a new code and expire the first.
 */
export async function signInStaffThroughScreens(page: Page, email: string, options: { path?: string } = {}) {
  await withLock(email, () => signInThroughScreens(page, email, options))
}

async function signInThroughScreens(page: Page, email: string, options: { path?: string } = {}) {
  const since = new Date()
  await page.goto(`${consoleUrl}${options.path ?? '/dashboard'}`)
  // The stored-session path signs in on a page of its own, without the test fixture's wait: a press
  // on Sign in before React has taken over the form is dropped by design, so wait as the fixture does.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
  const code = codeIn(await waitForMail({ to: email, since, subject: /sign-in code/i }))
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Calls the API from the signed-in page, as its own scripts do (same origin, its session cookie). */
export async function callApi(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await response.json() }
    },
    { method, path, body },
  )
}

/** Calls the API as a browser would (Node does not resolve *.localhost: loopback plus a Host header). */
export async function apiPost(page: Page, site: 'join' | 'console', path: string, body: unknown) {
  const origin = site === 'join' ? joinUrl : consoleUrl
  return page.request.post(`${otherUrl}/api${path}`, {
    data: body,
    headers: { Host: new URL(origin).host, Origin: origin, 'X-Requested-With': 'XMLHttpRequest' },
  })
}

export async function joinGyms(
  page: Page,
): Promise<Array<{ uuid: string; name: string; organisation_name: string }>> {
  const response = await page.request.get(`${otherUrl}/api/join/gyms`, {
    headers: { Host: new URL(joinUrl).host },
  })
  return (await response.json()).data
}

let counter = 0
export function uniqueEmail(prefix: string) {
  counter += 1
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@e2e.gymbase.nz`
}
