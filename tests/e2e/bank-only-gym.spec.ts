import type { Page } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { addGym } from './support/console'
import { connectSandboxBank, fillAboutYou, signUpThroughScreens, takePhoto } from './support/join'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

/**
 * An owner adds a gym with its bank account (no card payments account) and puts a price on sale there,
 * through the screens: it is then on the join site (issue 25, point 7). Returns the gym's name.
 */
async function addBankOnlyGym(page: Page): Promise<string> {
  const name = `Bank Only ${Date.now().toString(36)}`
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
  await addGym(page, { name, accountName: `${name} account`, account: '12-3140-2000019-00' })
  await expect(page.getByRole('status').filter({ hasText: 'Not on the join site yet' })).toBeVisible()

  await page.goto(`${consoleUrl}/offerings`)
  await page.getByRole('link', { name: 'New offering' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New offering' })).toBeVisible()
  await page.getByLabel('Name').fill(`${name} membership`)
  await page.getByLabel('Description').fill('Any time, bank payments only')
  await page.getByRole('radiogroup', { name: 'Type' }).getByText('24/7').click()
  await page.getByRole('group', { name: 'Gyms' }).getByText(name).click()
  const price = page
    .getByRole('region', { name: 'Prices' })
    .getByRole('listitem')
    .filter({ hasText: 'Price 1' })
  await price.getByLabel('Amount').fill('20')
  await price.getByRole('button', { name: /Billing frequency/ }).click()
  await page.getByRole('option', { name: 'Weekly', exact: true }).click()
  await page.getByRole('button', { name: 'Create offering' }).click()
  await expect(page).toHaveURL(/\/offerings\/\d+$/)

  // With a price on sale and its bank account, the gym's page no longer says it is off the join site.
  await page.goto(`${consoleUrl}/gyms`)
  await page.getByRole('table', { name: 'Gyms' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Not on the join site yet')).toHaveCount(0)
  return name
}

test.describe('a gym without a card payments account (issue 25, point 8)', () => {
  test('the join site offers bank payments only: no card on choosing, card details sends back, no "Pay by card instead"', async ({
    page,
    browser,
  }) => {
    // Adding the gym and its price, then a whole sign-up through the screens.
    test.setTimeout(150_000)
    const gym = await addBankOnlyGym(page)

    const context = await browser.newContext({ permissions: ['camera'], locale: 'en-NZ' })
    const member = await context.newPage()
    const name = `Bank Only Member ${Date.now().toString(36)}`
    await signUpThroughScreens(member, { gym: new RegExp(gym), name, prefix: 'bank-only' })
    await fillAboutYou(member)
    await takePhoto(member)

    // Choosing how to pay: the bank account, said to be the only way; no card.
    await expect(member.getByRole('heading', { name: 'How would you like to pay?' })).toBeVisible()
    await expect(member.getByRole('link', { name: /^Bank account/ })).toBeVisible()
    await expect(member.getByRole('link', { name: /^Card/ })).toHaveCount(0)
    await expect(member.getByText('Your gym takes membership payments by bank account only.')).toBeVisible()

    // The card form, typed in or from an old link, sends the member back to choosing.
    await member.goto(`${joinUrl}/card-details`)
    await expect(member).toHaveURL(`${joinUrl}/choose-payment-method`)
    await expect(member.getByLabel('Card number')).toHaveCount(0)
    await expect(member.getByRole('link', { name: /^Card/ })).toHaveCount(0)

    // The bank step offers no card either, and the bank connects as anywhere else.
    await member.getByRole('link', { name: /^Bank account/ }).click()
    await expect(member.getByRole('heading', { name: 'Connect your bank account' })).toBeVisible()
    await expect(member.getByRole('link', { name: 'Pay by card instead' })).toHaveCount(0)
    await connectSandboxBank(member)
    await expect(member.getByRole('heading', { name: /connected/i })).toBeVisible()
    await context.close()
  })
})
