import type { Page } from '@playwright/test'
import { joinUrl } from '../../playwright.config'
import { demoPassword } from './support/auth'
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

/** A member signs in on the join site as a person does: the address, the password, Enter. */
async function signInMember(page: Page, email: string, password = demoPassword) {
  await page.goto(`${joinUrl}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Password', { exact: true }).press('Enter')
}

test.describe('the member’s own account (issue 28)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a member signs in to their account: the membership in words, the next payment the welcome page says, the way in, the gym @phone', async ({
    page,
  }) => {
    await signInMember(page, 'member@demo.gymbase.nz')
    await expect(page).toHaveURL(`${joinUrl}/account`)
    await expect(page.getByRole('heading', { name: /^Kia ora, / })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible()
    await expect(page.getByTestId('membership-state')).not.toBeEmpty()
    const next = (await page.getByTestId('next-payment').textContent()) ?? ''
    const [, amount = '', day = ''] = /^Next payment: (\$[\d.,]+.*?) on (.+?)[.,]/.exec(next) ?? []
    expect(amount).not.toBe('')
    await expect(page.getByTestId('owing')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Getting in' })).toBeVisible()
    await expect(page.getByTestId('door-words')).not.toBeEmpty()
    await expect(page.getByRole('heading', { name: /^Contact / })).toBeVisible()

    // The welcome page says the same next payment: one rule for both.
    await page.goto(`${joinUrl}/welcome-to-gym`)
    await expect(page.getByText(/^Next payment: /)).toHaveText(`Next payment: ${amount} on ${day}.`)
    await page.getByRole('link', { name: 'Go to your account' }).click()
    await expect(page).toHaveURL(`${joinUrl}/account`)

    // Each part of the account is one press away, and nothing scrolls sideways on the phone.
    await page.getByRole('link', { name: 'Payment methods' }).click()
    await expect(page).toHaveURL(`${joinUrl}/account/payment-methods`)
    await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
  })

  test('a member adds a card through the join flow’s own step, keeps paying as they do, then removes it with an impatient double press @phone', async ({
    page,
  }) => {
    // A whole join first (sign-up, details, photo, bank, confirm).
    test.setTimeout(180_000)
    const name = `Account Remover ${Date.now().toString(36)}`
    const email = await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'account-remove' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Bank account/ }).click()
    await connectSandboxBank(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, name.toLowerCase())
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)

    await page.getByRole('link', { name: 'Go to your account' }).click()
    await page.getByRole('link', { name: 'Payment methods' }).click()
    const saved = page.getByRole('list', { name: 'Saved payment methods' }).getByRole('listitem')
    const bank = saved.filter({ hasText: /Everyday/ })
    await expect(bank.getByText('Your payments come from this one')).toBeVisible()
    // The one payments come from can't be removed.
    await expect(bank.getByRole('button', { name: 'Remove' })).toHaveCount(0)

    await page.getByRole('link', { name: 'Add a card' }).click()
    await enterCard(page, '4242424242424242')
    await expect(page.getByRole('heading', { name: 'Change how you pay?' })).toBeVisible()
    await page.getByRole('link', { name: 'Keep paying as I do' }).click()
    await expect(page).toHaveURL(`${joinUrl}/account/payment-methods`)
    const card = saved.filter({ hasText: 'Visa ending 4242' })
    await expect(card).toBeVisible()
    await expect(card.getByText('Your payments come from this one')).toHaveCount(0)
    await expect(bank.getByText('Your payments come from this one')).toBeVisible()

    const since = new Date()
    await card.getByRole('button', { name: 'Remove' }).click()
    await expect(card.getByText(/^Remove your Visa ending 4242/)).toBeVisible()
    await card.getByRole('button', { name: 'Remove it' }).dblclick()
    await expect(page.getByRole('status').filter({ hasText: 'Removed your Visa ending 4242' })).toBeVisible()
    await expect(saved.filter({ hasText: 'Visa ending 4242' })).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveCount(0)
    const mail = await waitForMail({ to: email, since, subject: /You removed a payment method/ })
    expect(mail.text).toContain('Your Visa ending 4242 is no longer saved with')

    // Gone after a reload too: removed on the server, once.
    await page.reload()
    await expect(saved).toHaveCount(1)
    await expect(bank).toBeVisible()
  })

  test('someone not signed in meets the join site’s start, not the account; signed in, they reach it', async ({
    page,
  }) => {
    await page.goto(`${joinUrl}/account/payment-methods`)
    await expect(page).toHaveURL(new RegExp(`^${joinUrl}/\\?redirect=`))
    await expect(page.getByRole('navigation', { name: 'Your account' })).toHaveCount(0)
    await signInMember(page, 'member@demo.gymbase.nz')
    await expect(page).toHaveURL(`${joinUrl}/account`)
  })
})
