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
})
