import { joinUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import {
  acceptAndConfirm,
  connectSandboxBank,
  enterCard,
  fillAboutYou,
  signUpThroughScreens,
  takePhoto,
} from './support/join'
import { waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

test.describe('joining with a payment method, through to the welcome', () => {
  test('a member on a phone joins paying by bank account, pressing Confirm twice, and staff find them @phone', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const name = `Bank Joiner ${Date.now().toString(36)}`
    const email = await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'join-bank' })
    await fillAboutYou(page)
    await takePhoto(page)
    // The gym being joined is named on top of every step.
    await expect(page.getByRole('banner')).toContainText('Ponsonby')
    // Back to a step already done: its answers are there, and Continue comes back here.
    await page.getByRole('link', { name: /^Details/ }).click()
    await expect(page.getByLabel('Street address')).toHaveValue('12 Ponsonby Road')
    await expect(page.getByRole('checkbox', { name: 'A friend' })).toBeChecked()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(`${joinUrl}/choose-payment-method`)

    await expect(
      page.getByRole('navigation', { name: 'Joining steps' }).locator('[aria-current="step"]'),
    ).toHaveText('Payment')
    await expect(page.getByRole('link', { name: /^Bank account.*No extra cost/ })).toBeVisible()
    await page.getByRole('link', { name: /^Bank account/ }).click()
    await expect(page.getByRole('heading', { name: 'Connect your bank account' })).toBeVisible()
    await connectSandboxBank(page)
    await expect(page.getByText('Everyday 99-••••-•••••99-91')).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()

    await expect(page.getByRole('heading', { name: 'Due today' })).toBeVisible()
    // A membership chosen, then a look at how to pay and back: the choice is still there.
    await page.getByRole('radio', { name: /Off-Peak \$12\.99 weekly/ }).check({ force: true })
    await page.getByRole('link', { name: 'Change' }).click()
    await page.getByRole('button', { name: /Pay with Everyday/ }).click()
    await expect(page.getByRole('radio', { name: /Off-Peak \$12\.99 weekly/ })).toBeChecked()
    await expect(page.getByText(/^Then \$\d+\.\d\d \w+ from \w{3} \d{1,2} \w{3} 20\d\d$/)).toBeVisible()
    await expect(page.getByText(/Paying with bank account 99-••••-•••••99-91/)).toBeVisible()
    await expect(page.getByRole('region', { name: 'Membership agreement text' })).toContainText(
      `Membership agreement between ${name}`,
    )
    // Confirm with nothing typed: the agreement's two answers are asked for, nothing is sent.
    await page.getByRole('button', { name: /^Confirm/ }).click()
    await expect(page.getByText('Type your name to accept the agreement.')).toBeVisible()
    await acceptAndConfirm(page, name.toLowerCase(), { twice: true })

    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    await expect(page.getByRole('heading', { name: `Welcome to Ponsonby, Bank!` })).toBeVisible()
    await expect(page.getByText(/is on its way from your bank account 99-••••-•••••99-91/)).toBeVisible()
    await expect(page.getByText(/^Next payment: \$/)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Pressed twice: one membership, one payment.
    const payments = await page.evaluate(async () => {
      const answer = await fetch('/api/me/active-subscription', {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      })
      return (await answer.json()).data.first_payment.status
    })
    expect(payments).toBe('pending')
    // Going back to confirm shows the welcome again rather than a second membership.
    await page.goto(`${joinUrl}/confirm-subscription`)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)

    // Staff at the gym find the new member.
    const staff = await browser.newPage()
    await signInStaff(staff, 'manager@demo.gymbase.nz')
    await staff.getByRole('combobox', { name: 'Search members' }).fill(name)
    const option = staff.getByRole('option', { name: new RegExp(name) })
    await expect(option).toContainText(email)
    // With the photo they took, so staff know them at the desk.
    await expect
      .poll(() => option.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    await staff.close()
  })

  test('a declined card is recovered by paying by bank account instead', async ({ page }) => {
    const name = `Card Decline ${Date.now().toString(36)}`
    await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'join-decline' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Card/ }).click()
    await enterCard(page, '4000 0000 0000 9995')
    await expect(page).toHaveURL(`${joinUrl}/card-connected`)
    await expect(page.getByText('Visa ending 9995, expires 12/30')).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, name)
    const declined = page.getByRole('alert').filter({ hasText: 'Payment declined' })
    await expect(declined).toContainText(
      'Your card was declined: there isn’t enough money on it. Nothing was charged.',
    )
    await expect(page).toHaveURL(`${joinUrl}/confirm-subscription`)

    await declined.getByRole('link', { name: 'Pay by bank account instead' }).click()
    await connectSandboxBank(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText(/Paying with bank account/)).toBeVisible()
    await acceptAndConfirm(page, name)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    await expect(page.getByText(/is on its way from your bank account/)).toBeVisible()
  })

  test('the card form refuses a wrong number and a card that declines when saved, then takes 4242 and pays', async ({
    page,
  }) => {
    const name = `Card Joiner ${Date.now().toString(36)}`
    const email = await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'join-card' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Card/ }).click()
    await enterCard(page, '4242 4242 4242 4241')
    await expect(page.getByText('Your card number is invalid.')).toBeVisible()
    await enterCard(page, '4000 0000 0000 0002')
    await expect(page.getByRole('alert')).toContainText('Your card was declined.')
    await expect(page).toHaveURL(`${joinUrl}/card-details`)
    await enterCard(page, '4242424242424242')
    await expect(page).toHaveURL(`${joinUrl}/card-connected`)
    await page.getByRole('button', { name: 'Continue' }).click()
    const since = new Date()
    await acceptAndConfirm(page, name)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    await expect(page.getByText(/^Paid: \$[\d.]+ from your Visa ending 4242\.$/)).toBeVisible()
    const welcome = await waitForMail({ to: email, since, subject: /Welcome/ })
    expect(welcome.text).toContain('Includes GST of')
    expect(welcome.attachments?.map((file) => file.filename)).toEqual(['membership-agreement.pdf'])
  })

  test('signed out at confirm, a member signs in again and carries on from confirm', async ({ page }) => {
    const name = `Session Ender ${Date.now().toString(36)}`
    const email = await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'join-session' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Card/ }).click()
    await enterCard(page, '4242424242424242')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { name: 'Due today' })).toBeVisible()
    // The session ends (another tab signed out, or it expired) while the member reads the agreement.
    await page.context().clearCookies()
    await acceptAndConfirm(page, name)
    await expect(page.getByRole('alert')).toContainText('You’ve been signed out. Sign in again')
    await page.getByRole('link', { name: 'Sign in again' }).click()
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Back on the step they were on, nothing lost but what they typed into the agreement.
    await expect(page.getByRole('heading', { name: 'Due today' })).toBeVisible()
    await acceptAndConfirm(page, name)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
  })

  test('a member starting on a later day pays nothing today and is told when the first payment is', async ({
    page,
  }) => {
    const name = `Later Starter ${Date.now().toString(36)}`
    await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'join-later' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Card/ }).click()
    await enterCard(page, '4242424242424242')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { name: 'Due today' })).toBeVisible()
    // Ten days from today in Auckland.
    const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' })
      .format(new Date(Date.now() + 10 * 86_400_000))
      .split('-')
    await page.getByRole('radio', { name: 'Another day' }).check({ force: true })
    const start = page.getByRole('group', { name: 'Start date' })
    await start.getByLabel('Day').fill(String(Number(day)))
    await start.getByLabel('Month').fill(String(Number(month)))
    await start.getByLabel('Year').fill(year ?? '')
    await expect(page.getByRole('heading', { name: /^Due on / })).toBeVisible()
    await expect(page.getByText('Nothing is taken today.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Confirm membership' })).toBeVisible()
    await acceptAndConfirm(page, name)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    await expect(
      page.getByText(
        /^Your first payment of \$[\d.]+ will be taken on \w{3} \d{1,2} \w{3} 20\d\d from your Visa ending 4242\.$/,
      ),
    ).toBeVisible()
  })

  test('cancelling at the bank says nothing was shared and offers another try', async ({ page }) => {
    await signUpThroughScreens(page, { gym: /Ponsonby/, name: 'Bank Canceller', prefix: 'join-cancel' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Bank account/ }).click()
    await page.getByRole('button', { name: 'Connect my bank' }).click()
    await expect(page.getByRole('heading', { name: 'Share an account with Gymbase?' })).toBeVisible()
    await page.locator('html[data-hydrated="true"]').waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(new RegExp(`${joinUrl}/connect-akahu`))
    await expect(page.getByRole('alert')).toContainText('You cancelled at your bank, so nothing was shared.')
    await connectSandboxBank(page)
  })
})
