import type { Page } from '@playwright/test'
import { joinUrl } from '../../playwright.config'
import {
  acceptAndConfirm,
  connectSandboxBank,
  fillAboutYou,
  signUpThroughScreens,
  takePhoto,
} from './support/join'
import { waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

/** Every console error and uncaught page error of the page, from now on, with where it happened. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: console: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: page error: ${error.message}`))
  return errors
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100)

test.describe('changing how one pays after joining (issue 25)', () => {
  test('a joined member adds a card, sees the surcharge and the next payment now and with the card, backs out (nothing changes), then agrees and is e-mailed; no join page logs an error', async ({
    page,
  }) => {
    // A whole join (sign-up, details, photo, bank, confirm) and then the change: three tests' worth.
    test.setTimeout(180_000)
    const errors = collectErrors(page)
    const name = `Card Changer ${Date.now().toString(36)}`
    const email = await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'change-pay' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Bank account/ }).click()
    await connectSandboxBank(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, name.toLowerCase())
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    const next = page.getByText(/^Next payment: \$/)
    await expect(next).toBeVisible()
    const before = (await next.textContent()) ?? ''

    // Each join page loaded afresh (what a hydration error would show on), then back to the card step.
    for (const path of [
      '/welcome-to-gym',
      '/bank-account-connected',
      '/choose-payment-method',
      '/connect-akahu',
    ]) {
      await page.goto(`${joinUrl}${path}`)
    }

    // Back at the card step: a card is added, grouped as it is typed.
    await page.goto(`${joinUrl}/card-details`)
    const number = page.getByLabel('Card number')
    await number.pressSequentially('4242424242424242')
    await expect(number).toHaveValue('4242 4242 4242 4242')
    await page.getByLabel('Expiry').fill('12 / 30')
    await page.getByLabel('Security code').fill('123')
    await page.getByRole('button', { name: 'Save card' }).click()

    // What it means, before anything changes: the new method, the next payment now (the welcome page's)
    // and with the card, and each payment at the current price.
    await expect(page.getByRole('heading', { name: 'Change how you pay?' })).toBeVisible()
    await expect(page.getByText('Visa ending 4242, expires 12/30')).toBeVisible()
    const words = (line: string) => line.replace(/^Next payment: /, '').replace(/\.$/, '')
    await expect(page.getByText(words(before), { exact: true })).toBeVisible()
    const surchargeLine = page.getByText(/^\$[\d.]+ \+ \$[\d.]+ card surcharge$/)
    await expect(surchargeLine).toBeVisible()
    const [, base = '', surcharge = ''] =
      /^(\$[\d.]+) \+ (\$[\d.]+)/.exec((await surchargeLine.textContent()) ?? '') ?? []
    // The demo's 2.5% card surcharge on the period's amount, rounded to the cent.
    expect(cents(surcharge)).toBe(Math.round(cents(base) * 0.025))
    const withCard = page.getByText(/^\$[\d.]+ \(\$[\d.]+ \+ \$[\d.]+ card surcharge\) on /)
    await expect(withCard).toBeVisible()
    const nextWithCard = (await withCard.textContent()) ?? ''

    // Backing out changes nothing: the next payment is what it was.
    const since = new Date()
    await page.getByRole('link', { name: 'Keep paying as I do' }).click()
    await expect(page).toHaveURL(`${joinUrl}/account/payment-methods`)
    await page.goto(`${joinUrl}/welcome-to-gym`)
    await expect(page.getByText(/^Next payment: \$/)).toHaveText(before)

    // Choosing the card again, from the saved ones: agreed this time.
    await page.goto(`${joinUrl}/choose-payment-method`)
    await page.getByRole('button', { name: /Pay with Visa ending 4242/ }).click()
    await expect(page.getByRole('heading', { name: 'Change how you pay?' })).toBeVisible()
    await page.getByRole('button', { name: 'Agree and change' }).click()
    await expect(page.getByRole('heading', { name: 'You’ve changed how you pay' })).toBeVisible()
    await expect(
      page.getByText('Your payments now come from your Visa ending 4242, expires 12/30.'),
    ).toBeVisible()
    const mail = await waitForMail({ to: email, since, subject: /You changed how you pay/ })
    expect(mail.text).toContain('is now paid from your Visa ending 4242 instead of your bank account')
    expect(mail.text).toContain(`including a ${surcharge} card surcharge.`)
    expect(mail.text).toContain(`Your next payment is ${nextWithCard}.`)
    // The next payment is the one the change step said it would be with the card.
    await page.getByRole('button', { name: 'Back to your payment methods' }).click()
    await expect(page).toHaveURL(`${joinUrl}/account/payment-methods`)
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Visa ending 4242' })
        .getByText('Your payments come from this one'),
    ).toBeVisible()
    await page.goto(`${joinUrl}/welcome-to-gym`)
    await expect(page.getByText(/^Next payment: \$/)).toHaveText(`Next payment: ${nextWithCard}.`)

    expect(errors).toEqual([])
  })
})
