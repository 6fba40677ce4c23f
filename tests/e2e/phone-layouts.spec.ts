import type { Page } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { demoPassword, signInStaff } from './support/auth'
import { acceptAndConfirm, enterCard, fillAboutYou, signUpThroughScreens, takePhoto } from './support/join'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

// Nothing scrolls sideways on a phone (issue 13): every built screen at 360 and 390 px, measured.
const widths = [360, 390]

async function expectNoSidewaysScroll(page: Page, label: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    // The widest thing sticking out, to say what to fix.
    culprit: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`)
      .slice(0, 3),
  }))
  expect(overflow.scrollWidth, `${label}: ${overflow.culprit.join(' | ')}`).toBeLessThanOrEqual(
    overflow.clientWidth,
  )
}

test.describe('phone layouts', () => {
  for (const width of widths) {
    test(`the join site's screens fit ${width} px @phone`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      for (const path of [
        '/',
        '/login',
        '/forgot-password',
        '/legal/privacy-policy',
        '/confirm-email?token=sweep&email=someone%40example.nz',
        '/no-such-page',
      ]) {
        await page.goto(`${joinUrl}${path}`)
        await expectNoSidewaysScroll(page, `join ${path}`)
      }
      await page.goto(`${joinUrl}/`)
      await page.getByRole('link', { name: /Harbour Strength Wynyard/ }).click()
      await expectNoSidewaysScroll(page, 'join register')
    })

    test(`the join steps after sign-up fit ${width} px @phone`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height: 800 })
      const name = `Narrow Joiner ${width}`
      await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: `narrow${width}` })
      await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /about-you')
      await fillAboutYou(page)
      await expect(page.getByRole('heading', { name: 'Add your photo' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /take-photo')
      await takePhoto(page)
      for (const path of ['/choose-payment-method', '/connect-akahu', '/card-details']) {
        await page.goto(`${joinUrl}${path}`)
        await expectNoSidewaysScroll(page, `join ${path}`)
      }
      await enterCard(page, '4242424242424242')
      await expect(page.getByRole('heading', { name: 'Card saved' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /card-connected')
      await page.goto(`${joinUrl}/connect-akahu`)
      await page.getByRole('button', { name: 'Connect my bank' }).click()
      await expect(page.getByRole('heading', { name: 'Share an account with Gymbase?' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /sandbox-bank/consent')
      await page.locator('html[data-hydrated="true"]').waitFor()
      await page.getByRole('checkbox', { name: /Spending/ }).check({ force: true })
      await page.getByRole('button', { name: 'Allow' }).click()
      await expect(page.getByRole('heading', { name: 'Bank account connected' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /bank-account-connected')
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByRole('heading', { name: 'Due today' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /confirm-subscription')
      await acceptAndConfirm(page, name)
      await expect(page.getByRole('heading', { name: /^Welcome to Ponsonby/ })).toBeVisible()
      await expectNoSidewaysScroll(page, 'join /welcome-to-gym')
      // The member's own account (issue 28), each of its parts.
      for (const path of [
        '/account',
        '/account/costs',
        '/account/payments',
        '/account/payment-methods',
        '/account/membership',
        '/account/details',
      ]) {
        await page.goto(`${joinUrl}${path}`)
        await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible()
        await expectNoSidewaysScroll(page, `join ${path}`)
      }
    })

    test(`the member's account fits ${width} px @phone`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${joinUrl}/login`)
      await page.getByLabel('E-mail').fill('member@demo.gymbase.nz')
      await page.getByLabel('Password', { exact: true }).fill(demoPassword)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(`${joinUrl}/account`)
      // The demo member's account, with a year of payments and visits behind it.
      for (const path of [
        '/account',
        '/account/costs',
        '/account/payments',
        '/account/payment-methods',
        '/account/membership',
        '/account/details',
      ]) {
        await page.goto(`${joinUrl}${path}`)
        await expectNoSidewaysScroll(page, `join ${path}`)
      }
    })

    test(`the console's screens fit ${width} px @phone`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${consoleUrl}/login`)
      await expectNoSidewaysScroll(page, 'console /login')
      await page.goto(`${consoleUrl}/forgot-password`)
      await expectNoSidewaysScroll(page, 'console /forgot-password')

      await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
      await page.getByRole('link', { name: '24/7 Access' }).first().click()
      await expect(page.getByRole('heading', { level: 1, name: '24/7 Access' })).toBeVisible()
      const offering = new URL(page.url()).pathname
      for (const path of [
        '/dashboard',
        '/offerings',
        '/offerings?archived=true',
        offering,
        `${offering}/edit`,
        '/offerings/create',
        '/organisation/settings',
        '/calculate-pro-rata',
        '/active-user-debugging',
        '/expected-payments-debugging',
        '/members',
        '/payments',
        '/visits',
        '/webhooks',
        '/gyms',
        '/staff',
        '/doors/tap',
        '/no-such-page',
      ]) {
        await page.goto(`${consoleUrl}${path}`)
        await expectNoSidewaysScroll(page, `console ${path}`)
      }
      // A staff member's page.
      await page.goto(`${consoleUrl}/staff`)
      await page.getByRole('table', { name: 'Staff' }).getByRole('link', { name: 'Tom Harris' }).click()
      await expect(page).toHaveURL(/\/staff\/\d+$/)
      await expect(page.getByRole('button', { name: 'Change roles' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'console staff member')
      // A gym's page with its doors.
      await page.goto(`${consoleUrl}/gyms`)
      await page.getByRole('table', { name: 'Gyms' }).getByRole('link', { name: 'Ponsonby' }).click()
      await expect(page.getByRole('switch', { name: 'Counts visits' }).first()).toBeVisible()
      await expectNoSidewaysScroll(page, 'console gym page')
      // The navigation drawer too.
      await page.goto(`${consoleUrl}/dashboard`)
      await page
        .getByRole('button', { name: /menu|navigation/i })
        .first()
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoSidewaysScroll(page, 'console navigation drawer')
    })
  }
})
