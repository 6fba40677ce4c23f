import { consoleUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect, test } from './support/test'

const money = /^[-+]?\$\d{1,3}(,\d{3})*\.\d{2}$/

test.describe('billing debug screens', () => {
  test('expected payments week by week, then active members with counts and reasons', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/expected-payments-debugging' })
    await expect(page).toHaveURL(`${consoleUrl}/expected-payments-debugging`)
    await expect(page.getByRole('heading', { level: 1, name: 'Expected payments' })).toBeVisible()

    const table = page.getByRole('table', { name: /payments per week/ })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Week',
      'Expected',
      'Collected',
      'Failed',
      'Pending',
      'Difference',
    ])
    // 12 weeks back (this one included) and 4 ahead, then the totals row.
    await expect(table.locator('tbody tr')).toHaveCount(16)
    await expect(table.getByRole('rowheader', { name: /This week/ })).toBeVisible()
    const totals = table.locator('tfoot tr')
    await expect(totals.getByRole('rowheader')).toHaveText('Total')
    const expected = (await totals.getByRole('cell').first().locator('span').first().textContent()) ?? ''
    expect(expected).toMatch(money)
    expect(expected).not.toBe('$0.00')

    // The gym filter narrows the weeks to one gym.
    await page.getByRole('button', { name: /Gym/ }).click()
    await page.getByRole('option', { name: 'Ponsonby' }).click()
    await expect(page).toHaveURL(/gym_id=\d+/)
    await expect(page.getByRole('button', { name: /Gym/ })).toContainText('Ponsonby')
    const ponsonby = (await totals.getByRole('cell').first().locator('span').first().textContent()) ?? ''
    expect(ponsonby).toMatch(money)
    expect(ponsonby).not.toBe(expected)

    await page.goto(`${consoleUrl}/active-user-debugging`)
    await expect(page.getByRole('heading', { level: 1, name: 'Active members' })).toBeVisible()
    const counts = page.getByRole('region', { name: 'Members per state' })
    await expect(counts.getByText('Active', { exact: true })).toBeVisible()
    await expect(counts.getByText('In grace period')).toBeVisible()
    await expect(page.getByText(/^[\d,]+ members;/)).toBeVisible()

    const members = page.getByRole('table', { name: /Members, whether each counts as active/ })
    await expect(members.locator('tbody tr')).toHaveCount(25)
    await expect(members.getByText(/^Active: paid up, current period /).first()).toBeVisible()
    await expect(page.getByText(/^Showing 1–25 of [\d,]+ members · page 1 of \d+$/)).toBeVisible()

    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText(/^Showing 26–50 of [\d,]+ members · page 2 of \d+$/)).toBeVisible()
  })

  test('a gym that is not yours is said to be so, with your own gyms to choose from', async ({
    page,
    browser,
  }) => {
    // Newmarket's id, as the owner's gym filter puts it in the address.
    const owner = await browser.newPage()
    await signInStaff(owner, 'owner@demo.gymbase.nz', { path: '/expected-payments-debugging' })
    // A page of its own has not the fixture's wait for the page's code: a press before it is lost.
    await owner.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await owner.waitForLoadState('networkidle')
    await owner.getByRole('button', { name: /Gym/ }).click()
    await owner.getByRole('option', { name: 'Newmarket' }).click()
    await expect(owner).toHaveURL(/gym_id=\d+/)
    const newmarket = new URL(owner.url()).searchParams.get('gym_id')
    await owner.close()

    // The Ponsonby manager follows links to Newmarket's screens, and to a gym that doesn't exist.
    await signInStaff(page, 'manager@demo.gymbase.nz', { path: `/offerings?gym_id=${newmarket}` })
    for (const path of [
      `/offerings?gym_id=${newmarket}`,
      `/active-user-debugging?gym_id=${newmarket}`,
      `/expected-payments-debugging?gym_id=${newmarket}`,
      '/active-user-debugging?gym_id=999999',
    ]) {
      await page.goto(`${consoleUrl}${path}`)
      const notice = page.getByRole('status').filter({ hasText: 'This gym isn’t one of yours' })
      await expect(notice).toContainText('The link you followed is for a gym you don’t work at')
      await expect(page.getByText('Newmarket')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
      await expect(notice.getByRole('link', { name: 'Ponsonby' })).toBeVisible()
    }
    await page.getByRole('link', { name: 'Ponsonby' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Active members' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Members per state' })).toBeVisible()
  })

  test('fits a phone without sideways scrolling @phone', async ({ page }) => {
    // The size UI.md asks screens to be looked at in, whichever project runs this.
    await page.setViewportSize({ width: 390, height: 844 })
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/expected-payments-debugging' })
    await expect(page.getByRole('list', { name: 'Weeks' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Weeks' }).getByText('Total')).toBeVisible()
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(await overflow()).toBe(0)

    await page.goto(`${consoleUrl}/active-user-debugging`)
    const members = page.getByRole('list', { name: 'Members' })
    await expect(members.getByRole('listitem')).toHaveCount(25)
    await expect(
      members.getByText(/^(Active|Not active|In grace period|Paused|Upcoming)/).first(),
    ).toBeVisible()
    expect(await overflow()).toBe(0)
  })
})
