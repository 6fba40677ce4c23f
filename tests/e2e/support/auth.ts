import { expect, type Page } from '@playwright/test'
import { consoleUrl, joinUrl, otherUrl } from '../../../playwright.config'
import { codeIn, waitForMail } from './mailbox'

export const demoPassword = 'gymbase-demo'

/** Signs a demo staff user in on the console through the screens, code read from the SMTP server. */
export async function signInStaff(page: Page, email: string, options: { path?: string } = {}) {
  const since = new Date()
  await page.goto(`${consoleUrl}${options.path ?? '/dashboard'}`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
  const code = codeIn(await waitForMail({ to: email, since, subject: /sign-in code/i }))
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
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
