import type { Page, TestInfo } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { signInStaff, uniqueEmail } from './support/auth'
import { openBeforeLoad } from './support/before-load'
import { codeIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

/**
 * Issue 30 point 4 (ADR 058): nothing a person does before the page's code runs is lost. Each page is
 * opened with its scripts held back, acted on as the server drew it, then its code is let through: every
 * press, tick and choice made meanwhile takes effect, or the control was visibly not yet usable and then
 * works.
 */

test.use({ permissions: ['camera'] })

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`)
  await page.screenshot({ path, fullPage: true })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

test.describe('before the page’s code has arrived', () => {
  test('a member on a slow phone joins acting on every step before its code arrives, and nothing they did is lost @phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${joinUrl}/`)
    const gymPage = new URL(
      (await page
        .getByRole('link', { name: /Ponsonby/ })
        .first()
        .getAttribute('href')) ?? '',
      joinUrl,
    ).toString()
    const name = `Early Joiner ${Date.now().toString(36)}`
    const email = uniqueEmail('early-join')

    // The gym's sign-up: a membership chosen, every field typed and Join pressed, all before the code.
    let step = await openBeforeLoad(page, gymPage)
    const second = page.getByRole('radio').nth(1)
    const registerPrice = await second.getAttribute('value')
    await second.check({ force: true })
    await page.getByLabel('Full name').fill(name)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Mobile number').fill('021 555 0199')
    const dob = page.getByRole('group', { name: 'Date of birth' })
    await dob.getByLabel('Day').fill('3')
    await dob.getByLabel('Month').fill('4')
    await dob.getByLabel('Year').fill('1991')
    await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
    const since = new Date()
    await page.getByRole('button', { name: 'Join' }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
    // The membership ticked before the code ran is the one kept for the confirm step.
    expect(await page.evaluate(() => window.localStorage.getItem('gymbase.join.price'))).toBe(registerPrice)

    // The e-mailed code, typed and Confirm pressed before the code.
    const code = codeIn(await waitForMail({ to: email, since, subject: /confirm/i }))
    step = await openBeforeLoad(page, page.url())
    await page.getByLabel('Code', { exact: true }).fill(code)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page).toHaveURL(`${joinUrl}/about-you`)

    // About you: a tick in a checkbox group and Continue, before the code (the tick is required).
    step = await openBeforeLoad(page, `${joinUrl}/about-you`)
    await page.getByLabel('Street address').fill('12 Ponsonby Road')
    await page.getByLabel('City').fill('Auckland')
    await page.getByLabel('Post code').fill('1011')
    await page.getByLabel('Their name').fill('Mere Ngata')
    await page.getByLabel('How you know them').fill('Sister')
    await page.getByLabel('Their mobile').fill('021 555 0111')
    await page.getByRole('checkbox', { name: 'A friend' }).check({ force: true })
    await page.getByRole('button', { name: 'Continue' }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page).toHaveURL(`${joinUrl}/take-photo`)

    // The photo: the camera button keeps its press (shown waiting); the file chooser cannot be opened
    // for the person later, so it is visibly not yet usable until the code runs, then works.
    step = await openBeforeLoad(page, `${joinUrl}/take-photo`)
    const choose = page.getByRole('button', { name: 'Choose a photo' })
    await expect(choose).toBeDisabled()
    await expect(choose).toHaveAttribute('aria-disabled', 'true')
    await expect(choose).toHaveCSS('cursor', 'progress')
    const camera = page.getByRole('button', { name: 'Use the camera' })
    await camera.click()
    await expect(camera).toHaveAttribute('data-held', '')
    await step.expectNotLoaded()
    await shoot(page, testInfo, 'take-photo-before-load-390')
    await step.release()
    await expect(page.getByRole('button', { name: 'Take photo' })).toBeVisible()
    await expect(camera).toHaveCount(0)
    await page.getByRole('button', { name: 'Take photo' }).click()
    await page.getByRole('button', { name: 'Use this photo' }).click()
    // The photo's upload, which a person waits for too.
    await expect(page).toHaveURL(`${joinUrl}/choose-payment-method`, { timeout: 20_000 })

    // The card: typed and Save card pressed before the code.
    step = await openBeforeLoad(page, `${joinUrl}/card-details`)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByLabel('Expiry').fill('12 / 30')
    await page.getByLabel('Security code').fill('123')
    await page.getByRole('button', { name: 'Save card' }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page).toHaveURL(`${joinUrl}/card-connected`)

    // Continue (a button, not a form) pressed before the code.
    step = await openBeforeLoad(page, `${joinUrl}/card-connected`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page).toHaveURL(`${joinUrl}/confirm-subscription`)

    // Confirm: another membership ticked (the one the server drew ticked, before the page's code puts
    // the sign-up's choice in its place), the name typed, the agreement ticked and Confirm pressed, all
    // before the code; the membership ticked is the one joined.
    step = await openBeforeLoad(page, `${joinUrl}/confirm-subscription`)
    const memberships = page.getByRole('radiogroup', { name: 'Membership' }).getByRole('radio')
    const values = await memberships.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    )
    const confirmPrice = values.find((value) => value !== registerPrice) ?? ''
    const confirmRadio = page.locator(`input[type="radio"][value="${confirmPrice}"]`)
    const confirmLabel = await confirmRadio.evaluate((input) => input.closest('label')?.textContent ?? '')
    await confirmRadio.click({ force: true })
    await page.getByLabel('Type your full name to accept').fill(name)
    await page.getByRole('checkbox', { name: /may take these payments/ }).check({ force: true })
    await page.getByRole('button', { name: /^Confirm/ }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    const joined = await page.evaluate(async () => {
      const answer = await fetch('/api/me/active-subscription', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      return (await answer.json()).data as {
        offering_name: string
        amount: number
        billing_frequency: string
      }
    })
    expect(confirmLabel).toContain(joined.offering_name)
    expect(confirmLabel).toContain(`$${(joined.amount / 100).toFixed(2)} ${joined.billing_frequency}`)
  })

  test('sign-in and the password reset on the join site: typed, shown and pressed before the code', async ({
    page,
  }) => {
    // "Show password" pressed before the code shows it once the code runs; Sign in pressed is sent.
    const step = await openBeforeLoad(page, `${joinUrl}/login`)
    await page.getByLabel('E-mail').fill(uniqueEmail('early-login'))
    await page.getByLabel('Password', { exact: true }).fill('not the password at all')
    await page.getByRole('button', { name: 'Show password' }).click()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await step.expectNotLoaded()
    await step.release()
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
    expect(page.url()).toBe(`${joinUrl}/login`)

    const reset = await openBeforeLoad(page, `${joinUrl}/forgot-password`)
    await page.getByLabel('E-mail').fill('nobody-in-particular@example.nz')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await reset.expectNotLoaded()
    await reset.release()
    await expect(page.getByText(/If that address has an account/)).toBeVisible()
  })

  test('staff press a membership action before the member’s page has its code: the dialog opens; the gym switcher is visibly not yet usable, then works', async ({
    page,
  }, testInfo) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members?search=Aroha%20Ngata' })
    await page.getByRole('link', { name: 'Aroha Ngata' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: /Aroha Ngata/ })).toBeVisible()
    const memberPage = page.url()

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      const step = await openBeforeLoad(page, memberPage)
      const overview = page.getByRole('tabpanel', { name: 'Overview' })
      const switcher = page.getByRole('button', { name: /Switch gym/ })
      if (width > 640) {
        await expect(switcher).toBeDisabled()
        await expect(switcher).toHaveCSS('cursor', 'progress')
      }
      const pauseButton = overview.getByRole('button', { name: 'Pause', exact: true })
      await pauseButton.click()
      await expect(pauseButton).toHaveAttribute('data-held', '')
      await step.expectNotLoaded()
      await shoot(page, testInfo, `member-before-load-${width}`)
      await step.release()
      // The press takes effect once the code has run.
      const pause = page.getByRole('dialog', { name: 'Pause membership' })
      await expect(pause).toBeVisible()
      await pause.getByRole('button', { name: 'Keep as it is' }).click()
      await expect(pause).toHaveCount(0)
      await expect(pauseButton).not.toHaveAttribute('data-held')
      if (width > 640) {
        await expect(switcher).toBeEnabled()
        await switcher.click()
        await expect(page.getByRole('listbox')).toBeVisible()
        await page.keyboard.press('Escape')
      }
    }
    expect(page.url()).toBe(memberPage)
    expect(memberPage.startsWith(consoleUrl)).toBe(true)
  })
})
