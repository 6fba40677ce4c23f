import type { Locator, Page } from '@playwright/test'
import { consoleUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect, test } from './support/test'

async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

const offeringRow = (page: Page, price: string) =>
  page.getByRole('table', { name: 'Prices' }).getByRole('row').filter({ hasText: price })

test.describe('catalogue', () => {
  test('creates a Limited Hours offering with opening hours and two prices', async ({ page }) => {
    const name = `Off-peak ${Date.now()}`
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
    await page.getByRole('link', { name: 'New offering' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'New offering' })).toBeVisible()

    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Description').fill('Weekdays before four')
    await page.getByRole('radiogroup', { name: 'Type' }).getByText('Limited hours').click()
    await page.getByRole('group', { name: 'Gyms' }).getByText('Ponsonby').click()

    const hours = page.getByRole('region', { name: 'Opening hours' })
    await page.getByRole('button', { name: 'Add day' }).click()
    await page.getByRole('button', { name: 'Add day' }).click()
    await expect(hours.getByRole('button', { name: /Day/ })).toHaveCount(2)
    await choose(page, hours.getByRole('listitem').nth(1), /Day/, 'Wednesday')

    const first = page
      .getByRole('region', { name: 'Prices' })
      .getByRole('listitem')
      .filter({ hasText: 'Price 1' })
    await first.getByLabel('Amount').fill('15')
    await choose(page, first, /Billing frequency/, 'Weekly')
    await first.getByLabel('Joining fee').fill('49')

    await page.getByRole('button', { name: 'Add price' }).click()
    const second = page
      .getByRole('region', { name: 'Prices' })
      .getByRole('listitem')
      .filter({ hasText: 'Price 2' })
    await second.getByLabel('Amount').fill('55')
    await choose(page, second, /Billing frequency/, 'Monthly')
    await second.getByLabel('Term length').fill('12')
    await choose(page, second, /Term unit/, 'Months')
    await second.getByText('Private', { exact: true }).click()

    await page.getByRole('button', { name: 'Create offering' }).click()
    await expect(page).toHaveURL(/\/offerings\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
    await expect(page.getByText('Limited hours').first()).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: 'Monday' })).toContainText('6:00 am – 9:00 pm')
    await expect(page.getByRole('listitem').filter({ hasText: 'Wednesday' })).toContainText(
      '6:00 am – 9:00 pm',
    )
    await expect(offeringRow(page, '$15.00 weekly')).toContainText('$49.00')
    await expect(offeringRow(page, '$55.00 monthly')).toContainText('Private')
    await expect(offeringRow(page, '$55.00 monthly')).toContainText('12 months')

    // It is listed at Ponsonby with its two prices.
    await page.goto(`${consoleUrl}/offerings`)
    const row = page.getByRole('table', { name: 'Offerings' }).getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('Limited hours')
    await expect(row.getByRole('cell').nth(2)).toHaveText('2')
  })

  test('shows each SPEC §5 message for offerings and prices where it belongs', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings/create' })
    await expect(page.getByRole('heading', { level: 1, name: 'New offering' })).toBeVisible()
    await page.getByRole('button', { name: 'Create offering' }).click()

    await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Value is required/)
    await expect(page.getByLabel('Name')).toBeFocused()
    await expect(page.getByRole('radiogroup', { name: 'Type' })).toContainText('Value is required')
    await expect(page.getByRole('group', { name: 'Gyms' })).toContainText('Select at least one gym')
    const first = page
      .getByRole('region', { name: 'Prices' })
      .getByRole('listitem')
      .filter({ hasText: 'Price 1' })
    await expect(first.getByLabel('Amount')).toHaveAccessibleDescription(/Value is required/)
    await expect(first.getByText('Value is required')).toHaveCount(2)

    await page.getByRole('radiogroup', { name: 'Type' }).getByText('Limited hours').click()
    await first.getByLabel('Term length').fill('6')
    await page.getByRole('button', { name: 'Add price' }).click()
    const second = page
      .getByRole('region', { name: 'Prices' })
      .getByRole('listitem')
      .filter({ hasText: 'Price 2' })
    await choose(page, second, /Term unit/, 'Months')
    await page.getByRole('button', { name: 'Create offering' }).click()

    await expect(page.getByText('Add at least one day')).toBeVisible()
    await expect(first.getByText('Please select a term unit')).toBeVisible()
    await expect(second.getByText('Please enter a term amount')).toBeVisible()
    await expect(first.getByLabel('Term length')).not.toHaveAccessibleDescription(/Please/)

    // Fixing a field clears its message.
    await page.getByLabel('Name').fill('Anything')
    await page.getByRole('button', { name: 'Create offering' }).click()
    await expect(page.getByLabel('Name')).not.toHaveAccessibleDescription(/Value is required/)
  })

  test('archives and restores a price', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
    await page.getByRole('link', { name: '24/7 Access' }).click()
    const row = offeringRow(page, '$36.99 fortnightly')
    await expect(row).toContainText('On sale')

    await row.getByRole('button', { name: /Archive/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Archive this price?' })
    await expect(dialog).toContainText('Members already on it keep it')
    await dialog.getByRole('button', { name: 'Archive price' }).click()
    await expect(page.getByText('Price archived')).toBeVisible()
    await expect(row).toContainText('Archived')

    await row.getByRole('button', { name: /Restore/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore price' }).click()
    await expect(page.getByText('Price restored')).toBeVisible()
    await expect(row).toContainText('On sale')
  })

  test('a private link opens the join site at its price', async ({ page, browser }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
    await page.getByRole('link', { name: '24/7 Access' }).click()
    const links = page.getByRole('region', { name: 'Private links for $14.99 weekly' })
    await links.getByRole('button', { name: 'Create link' }).click()
    await expect(page.getByText('Private link created')).toBeVisible()
    const url = (await links.locator('code').first().textContent()) ?? ''
    expect(url).toMatch(/^http:\/\/join\.localhost:\d+\/\?(gym=[^&]+&)?link=/)

    const visitor = await browser.newContext()
    const join = await visitor.newPage()
    await join.goto(url)
    await expect(join.getByText('24/7 Access at a private price')).toBeVisible()
    await expect(join.getByText('$14.99 a week')).toBeVisible()
    await visitor.close()
  })

  test('calculates a pro-rata amount and shows the working', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/calculate-pro-rata' })
    await expect(page.getByRole('heading', { level: 1, name: 'Calculate pro rata' })).toBeVisible()
    await page.getByRole('button', { name: /Price/ }).click()
    await page.getByRole('option', { name: /24\/7 Access · \$79\.00 monthly/ }).click()
    const fill = async (label: string, day: string, month: string, year: string) => {
      const group = page.getByRole('group', { name: label })
      await group.getByLabel('Day').fill(day)
      await group.getByLabel('Month').fill(month)
      await group.getByLabel('Year').fill(year)
    }
    await fill('Start date', '10', '03', '2026')
    await fill('Billing date', '20', '03', '2026')
    await page.getByRole('button', { name: 'Calculate' }).click()
    await expect(page.getByText('Pro-rata amount')).toBeVisible()
    await expect(page.getByText('for 10 days of a 28-day period')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'How it was worked out' })).toBeVisible()
  })
})

test.describe('organisation settings', () => {
  test('an organisation admin changes the failed-payment grace period', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/organisation/settings' })
    const form = page.getByRole('form', { name: 'Failed-payment grace period' })
    await form.getByLabel('Length').fill('10')
    await form.getByRole('button', { name: 'Save grace period' }).click()
    await expect(page.getByText('Failed-payment grace period saved')).toBeVisible()
    await page.reload()
    await expect(
      page.getByRole('form', { name: 'Failed-payment grace period' }).getByLabel('Length'),
    ).toHaveValue('10')

    await page.getByRole('form', { name: 'Failed-payment grace period' }).getByLabel('Length').fill('')
    await page
      .getByRole('form', { name: 'Failed-payment grace period' })
      .getByRole('button', { name: 'Save grace period' })
      .click()
    await expect(
      page.getByRole('form', { name: 'Failed-payment grace period' }).getByLabel('Length'),
    ).toHaveAccessibleDescription(/Value is required/)
    await page.getByRole('form', { name: 'Failed-payment grace period' }).getByLabel('Length').fill('14')
    // Straight to Save: the press takes the focus out of the field, which commits the number and
    // clears its message; the form must not move up under the pointer before the release.
    await page
      .getByRole('form', { name: 'Failed-payment grace period' })
      .getByRole('button', { name: 'Save grace period' })
      .click()
    await expect(page.getByText('Failed-payment grace period saved')).toBeVisible()
  })

  test('an organisation admin sets the notice period for a price rise, in days', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/organisation/settings' })
    const form = page.getByRole('form', { name: 'Notice period for a price rise' })
    const days = form.getByLabel('Days of notice')
    await expect(days).toHaveValue('30')
    await days.fill('400')
    await form.getByRole('button', { name: 'Save notice period' }).click()
    await expect(days).toHaveAccessibleDescription(/The maximum value allowed is 365/)
    await days.fill('45')
    await days.press('Enter')
    await expect(page.getByText('Notice period for a price rise saved')).toBeVisible()
    await page.reload()
    await expect(
      page.getByRole('form', { name: 'Notice period for a price rise' }).getByLabel('Days of notice'),
    ).toHaveValue('45')
    // Back to the demo's 30 days for the other tests.
    const again = page.getByRole('form', { name: 'Notice period for a price rise' })
    await again.getByLabel('Days of notice').fill('30')
    await again.getByRole('button', { name: 'Save notice period' }).click()
    await expect(page.getByText('Notice period for a price rise saved')).toBeVisible()
  })

  test('an organisation admin sets the legal name and GST number receipts carry', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/organisation/settings' })
    const form = page.getByRole('form', { name: 'Receipts and GST' })
    await expect(form.getByLabel('GST number')).toHaveValue('049-091-850')
    await form.getByLabel('GST number').fill('049-091-851')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(form.getByLabel('GST number')).toHaveAccessibleDescription(
      'Enter the 8 or 9 digit GST number, e.g. 123-456-789.',
    )
    await form.getByLabel('GST number').fill('49091850')
    await form.getByLabel('Legal name').fill('Demo Fitness Limited')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Tax details saved')).toBeVisible()
    await expect(form.getByLabel('GST number')).toHaveValue('049-091-850')
  })

  test('a personal trainer cannot reach organisation settings', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/organisation/settings' })
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
    await expect(page.getByRole('heading', { level: 1, name: 'Organisation settings' })).toHaveCount(0)
  })
})
