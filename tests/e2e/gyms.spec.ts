import { consoleUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect, test } from './support/test'

test.describe('gyms', () => {
  test('an owner finds each gym’s members, staff, their role and how its money is set up, and opens one', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await expect(page.getByRole('heading', { level: 1, name: 'Gyms' })).toBeVisible()
    const table = page.getByRole('table', { name: 'Gyms' })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Gym',
      'Members',
      'Staff',
      'Your role',
      'Card payments',
      'Bank payments into',
    ])
    const ponsonby = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ponsonby' }) })
    await expect(ponsonby.getByRole('cell').nth(0)).toHaveText(/^[\d,]+$/)
    expect(
      Number((await ponsonby.getByRole('cell').nth(0).textContent())?.replace(/,/g, '')),
    ).toBeGreaterThan(0)
    // Bank account numbers are masked.
    await expect(ponsonby).toContainText('•')
    await ponsonby.getByRole('link', { name: 'Ponsonby' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ponsonby' })).toBeVisible()
    await expect(page.getByText('Card payments')).toBeVisible()
    // Its members, one click away.
    await page.getByRole('link', { name: /^[\d,]+ members?$/ }).click()
    await expect(page).toHaveURL(new RegExp(`${consoleUrl}/members\\?gym_id=\\d+`))
  })

  test('an owner changes where a gym’s bank payments go: the repeat must match and the number must be real', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await page.getByRole('link', { name: 'Takapuna' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Takapuna' })).toBeVisible()
    await page.getByRole('button', { name: 'Change bank account' }).click()
    const form = page.getByRole('form', { name: 'Bank account' })
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000000-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000000-01')
    await form.getByRole('button', { name: 'Save bank account' }).click()
    await expect(form.getByText('The value must be equal to the other value')).toBeVisible()
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000001-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000001-00')
    await form.getByLabel('Bank account number again').press('Enter')
    await expect(
      form.getByText('This is not a valid account number. Check it against a bank statement.'),
    ).toBeVisible()
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000000-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000000-00')
    await form.getByRole('button', { name: 'Save bank account' }).click()
    await expect(page.getByText('Bank payments will be paid into the new account.')).toBeVisible()
    await expect(page.getByText('12-••••-•••••00-00')).toBeVisible()
  })

  test('an owner adds a gym with its bank account and lands on its page', async ({ page }) => {
    const name = `Mt Eden ${Date.now().toString(36)}`
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await page.getByRole('button', { name: 'Add gym' }).click()
    const form = page.getByRole('form', { name: 'New gym' })
    await form.getByLabel('Gym name').fill(name)
    await form.getByLabel('Account name').fill('Mt Eden account')
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000019-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000019-00')
    await form.getByLabel('Bank account number again').press('Enter')
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText('12-••••-•••••19-00')).toBeVisible()
    await page.goto(`${consoleUrl}/gyms`)
    await expect(page.getByRole('table', { name: 'Gyms' }).getByRole('link', { name })).toBeVisible()
  })
})
