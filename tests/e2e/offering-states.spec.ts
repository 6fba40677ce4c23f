import type { Locator, Page } from '@playwright/test'
import { consoleUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect, test } from './support/test'

/**
 * Issue 13, point 1: offerings and prices offer what their state allows, can be edited and restored,
 * sell only the organisation's frequencies, and read typed hours as a person means them.
 */

async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

const priceRow = (page: Page, price: string) =>
  page.getByRole('table', { name: 'Prices' }).getByRole('row').filter({ hasText: price })

/** A 24/7 offering at Ponsonby with one price, made through the form; its page is open afterwards. */
async function createOffering(page: Page, options: { name: string; amount: string; private?: boolean }) {
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings/create' })
  await page.getByLabel('Name').fill(options.name)
  await page.getByRole('radiogroup', { name: 'Type' }).getByText('24/7').click()
  await page.getByRole('group', { name: 'Gyms' }).getByText('Ponsonby').click()
  const price = page.getByRole('region', { name: 'Prices' }).getByRole('listitem').first()
  await price.getByLabel('Amount').fill(options.amount)
  await choose(page, price, /Billing frequency/, 'Weekly')
  if (options.private) await price.getByText('Private', { exact: true }).click()
  await page.getByRole('button', { name: 'Create offering' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(options.name)
}

test.describe('offering states', () => {
  test('an offering members hold offers Archive, not Delete, and says why', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
    await page.getByRole('link', { name: '24/7 Access' }).click()
    await expect(page.getByRole('button', { name: 'Archive offering' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete offering' })).toHaveCount(0)
    await expect(page.getByText('so it can be archived but not deleted')).toBeVisible()
    const monthly = priceRow(page, '$79.00 monthly')
    await expect(monthly.getByRole('button', { name: /Archive/ })).toBeVisible()
    await expect(monthly.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  })

  test('an offering nobody joined is deleted, with its price', async ({ page }) => {
    const name = `Trial week ${Date.now()}`
    await createOffering(page, { name, amount: '9' })
    await expect(priceRow(page, '$9.00 weekly').getByRole('button', { name: /Delete/ })).toBeVisible()
    await page.getByRole('button', { name: 'Delete offering' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete offering' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/offerings`)
    await expect(page.getByText(`${name} deleted`)).toBeVisible()
    await expect(page.getByRole('link', { name })).toHaveCount(0)
  })

  test('an archived offering is off sale, makes no links, says why at its links, and is restored', async ({
    page,
    browser,
  }) => {
    const name = `Corporate ${Date.now()}`
    await createOffering(page, { name, amount: '19', private: true })
    const links = page.getByRole('region', { name: 'Private links for $19.00 weekly' })
    await links.getByRole('button', { name: 'Create link' }).click()
    await expect(links.locator('code')).toHaveCount(1)
    const url = (await links.locator('code').first().textContent()) ?? ''

    await page.getByRole('button', { name: 'Archive offering' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive offering' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Archived on' })).toContainText('off sale')
    await expect(priceRow(page, '$19.00 weekly')).toContainText('Off sale')
    await expect(priceRow(page, '$19.00 weekly').getByRole('button', { name: /Restore/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Add price' })).toHaveCount(0)
    await expect(links.getByRole('button', { name: 'Create link' })).toHaveCount(0)
    await expect(links).toContainText('these links no longer work')

    const visitor = await browser.newContext()
    const join = await visitor.newPage()
    await join.goto(url)
    await expect(join.getByRole('alert')).toContainText(
      'The membership this link offers is no longer on sale',
    )

    await page.getByRole('button', { name: 'Restore offering' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore offering' }).click()
    await expect(priceRow(page, '$19.00 weekly')).toContainText('On sale')
    await expect(links.getByRole('button', { name: 'Create link' })).toBeVisible()
    await join.goto(url)
    await expect(join.getByText(`${name} at a private price`)).toBeVisible()
    await visitor.close()
  })

  test('owners edit an offering and a price; a price members are on keeps what they pay', async ({
    page,
  }) => {
    const name = `Students ${Date.now()}`
    await createOffering(page, { name, amount: '12' })
    await page.getByRole('link', { name: 'Edit offering' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${name}`)
    await page.getByLabel('Name').fill(`${name} plus`)
    await page.getByLabel('Description').fill('With a valid student card')
    await page.getByRole('group', { name: 'Gyms' }).getByText('Newmarket').click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name} plus`)
    await expect(page.getByText('With a valid student card')).toBeVisible()
    await expect(page.getByRole('definition').filter({ hasText: 'Newmarket' })).toContainText('Ponsonby')

    await priceRow(page, '$12.00 weekly').getByRole('button', { name: /Edit/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit price' })
    await dialog.getByLabel('Amount').fill('14')
    await dialog.getByRole('button', { name: 'Save price' }).press('Enter')
    await expect(priceRow(page, '$14.00 weekly')).toBeVisible()

    await page.goto(`${consoleUrl}/offerings`)
    await page.getByRole('link', { name: '24/7 Access' }).click()
    await priceRow(page, '$79.00 monthly').getByRole('button', { name: /Edit/ }).click()
    const frozen = page.getByRole('dialog', { name: 'Edit price' })
    await expect(frozen).toContainText('Members are on this price')
    await expect(frozen.getByLabel('Amount')).toBeDisabled()
    await expect(frozen.getByLabel('Joining fee')).toBeEnabled()
  })

  test('new prices use only the frequencies the organisation offers', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings/create' })
    const price = page.getByRole('region', { name: 'Prices' }).getByRole('listitem').first()
    await price.getByRole('button', { name: /Billing frequency/ }).click()
    const options = page.getByRole('listbox').getByRole('option')
    await expect(options).toHaveText([
      'Weekly',
      'Fortnightly',
      'Monthly',
      'Quarterly',
      'Six-monthly',
      'Yearly',
    ])
    await page.keyboard.press('Escape')

    await page.goto(`${consoleUrl}/organisation/settings`)
    const form = page.getByRole('form', { name: 'Price frequencies' })
    for (const box of await form.getByRole('checkbox').all()) {
      await box.uncheck({ force: true })
    }
    await form.getByRole('button', { name: 'Save frequencies' }).click()
    await expect(form).toContainText('Keep at least one billing frequency switched on.')
    await page.reload()
    await expect(form.getByRole('checkbox', { checked: true })).not.toHaveCount(0)
  })

  test('opening hours typed as digits read as a person means them', async ({ page }) => {
    const name = `Early birds ${Date.now()}`
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings/create' })
    await page.getByLabel('Name').fill(name)
    await page.getByRole('radiogroup', { name: 'Type' }).getByText('Limited hours').click()
    await page.getByRole('group', { name: 'Gyms' }).getByText('Ponsonby').click()
    await page.getByRole('button', { name: 'Add day' }).click()
    const hours = page.getByRole('region', { name: 'Opening hours' })
    await hours.getByRole('group', { name: 'Opens' }).getByRole('spinbutton').first().click()
    await page.keyboard.type('0500')
    await hours.getByRole('group', { name: 'Closes' }).getByRole('spinbutton').first().click()
    await page.keyboard.type('2200')
    const price = page.getByRole('region', { name: 'Prices' }).getByRole('listitem').first()
    await price.getByLabel('Amount').fill('10')
    await choose(page, price, /Billing frequency/, 'Weekly')
    await page.getByRole('button', { name: 'Create offering' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
    await expect(page.getByRole('listitem').filter({ hasText: 'Monday' })).toContainText('5:00 am – 10:00 pm')
  })

  test('on a phone the prices are cards with their actions in view @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
    await page.getByRole('link', { name: '24/7 Access' }).click()
    const cards = page.getByRole('list', { name: 'Prices' }).getByRole('listitem')
    await expect(cards.first()).toBeVisible()
    const monthly = cards.filter({ hasText: '$79.00 monthly' })
    const archive = monthly.getByRole('button', { name: /Archive/ })
    await archive.scrollIntoViewIfNeeded()
    await expect(archive).toBeInViewport({ ratio: 1 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 390,
    )
  })
})
