import type { Page } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect, test } from './support/test'

/**
 * Issue 12, point 5: people never read a validator's own words, a number field never changes what was
 * typed without saying so, and a record that does not exist is a not-found page.
 */

/** zod's English and its issues as JSON: none of it may reach a screen. */
const validatorWords = /Too (big|small)|expected (string|number)|"code":|Invalid input/

async function openAddPrice(page: Page) {
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
  await page.getByRole('link', { name: '24/7 Access' }).click()
  await page.getByRole('button', { name: 'Add price' }).click()
  return page.getByRole('dialog', { name: 'Add price' })
}

test.describe('validation in words', () => {
  test('a join link that is no link of ours says so in words', async ({ page }) => {
    await page.goto(`${joinUrl}/?link=bogus`)
    await expect(page.getByRole('alert')).toContainText('We don’t recognise this link')
    await expect(page.locator('body')).not.toContainText(validatorWords)
  })

  test('a name past its length names the limit', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings/create' })
    await page.getByLabel('Name').fill('A'.repeat(121))
    await page.getByRole('button', { name: 'Create offering' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/The maximum length is 120 characters/)
    await expect(page).toHaveURL(`${consoleUrl}/offerings/create`)
    await expect(page.locator('body')).not.toContainText(validatorWords)
  })

  test('the search box takes no more than a search can hold, and answers in words', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz')
    const search = page.getByRole('combobox', { name: 'Search members' })
    await search.click()
    await search.pressSequentially('z'.repeat(101))
    await expect(search).toHaveValue('z'.repeat(100))
    await expect(page.getByText(`No results found for "${'z'.repeat(100)}"`)).toBeVisible()
    await expect(page.locator('body')).not.toContainText(validatorWords)
  })

  test('an amount below nothing or past the limit is refused in words, as typed', async ({ page }) => {
    const dialog = await openAddPrice(page)
    const amount = dialog.getByLabel('Amount')
    await amount.fill('-25')
    await dialog.getByRole('button', { name: 'Add price' }).click()
    await expect(amount).toHaveAccessibleDescription(/The minimum value allowed is \$0\.00/)
    await expect(amount).toHaveValue('-$25.00')

    await amount.fill('99999999')
    await dialog.getByRole('button', { name: 'Add price' }).click()
    await expect(amount).toHaveAccessibleDescription(/The maximum value allowed is \$1,000,000\.00/)
    await expect(amount).toHaveValue('$99,999,999.00')
    await expect(dialog).toBeVisible()
  })

  test('letters typed into an amount are refused with a reason', async ({ page }) => {
    const dialog = await openAddPrice(page)
    const amount = dialog.getByLabel('Amount')
    await amount.click()
    await amount.pressSequentially('abc')
    await expect(amount).toHaveValue('')
    await expect(amount).toHaveAccessibleDescription(/Value is not a valid number/)
    await amount.pressSequentially('12')
    await expect(amount).not.toHaveAccessibleDescription(/not a valid number/)
  })

  test('a negative grace period is refused, not saved', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/organisation/settings' })
    const form = page.getByRole('form', { name: 'Term-membership grace period' })
    const length = form.getByLabel('Length')
    const before = await length.inputValue()
    await length.fill('-5')
    await form.getByRole('button', { name: 'Save grace period' }).click()
    await expect(length).toHaveAccessibleDescription(/The minimum value allowed is 0/)
    await expect(length).toHaveValue('-5')
    await expect(page.getByText('Term-membership grace period saved')).toHaveCount(0)
    await page.reload()
    await expect(
      page.getByRole('form', { name: 'Term-membership grace period' }).getByLabel('Length'),
    ).toHaveValue(before)
  })

  test('an offering that does not exist is the not-found page', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings/99999' })
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('Offering not found.')
    await expect(page.getByText('We couldn’t load this screen')).toHaveCount(0)
    await expect(page.getByText("We couldn't load this screen")).toHaveCount(0)
    // Inside the console's shell, so the way on is where it always is.
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Offerings' })).toBeVisible()
  })
})
