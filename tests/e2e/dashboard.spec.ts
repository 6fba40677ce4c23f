import { consoleUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect as baseExpect, test } from './support/test'

// The dashboard loads four reports after the shell, and the search waits 600 ms before asking: give
// both room on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })

const money = /\$\d{1,3}(,\d{3})*\.\d{2}/

test.describe('the dashboard', () => {
  test.describe.configure({ timeout: 60_000 })
  test('members, money and visits for the current gym; switching gyms changes the figures', async ({
    page,
  }) => {
    // The regional manager runs Newmarket and Takapuna (demo sign-ins are shared by every spec, and
    // sign-in codes are rate limited per account).
    await signInStaff(page, 'regional@demo.gymbase.nz')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    const members = page.getByRole('region', { name: 'Members', exact: true })
    await expect(members.getByRole('term')).toHaveText([
      'Active',
      'New',
      'Paused',
      'In grace period',
      'Cancelling',
    ])
    await expect(members.getByText(/^[\d,]+ in total$/)).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Collections', exact: true }).getByText(money).first(),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Failed payments to act on' })).toBeVisible()

    // Every chart has its numbers as a table.
    const expected = page.getByRole('region', { name: 'Expected collections' })
    await expect(
      expected.getByRole('img', { name: /Expected collections for the next four weeks/ }),
    ).toBeVisible()
    await expected.getByRole('button', { name: 'Show as a table' }).click()
    const weeks = expected.getByRole('table', { name: 'Expected collections per week' })
    await expect(weeks.locator('tbody tr')).toHaveCount(4)
    const byHour = page.getByRole('region', { name: 'Visits by hour' })
    await byHour.getByRole('button', { name: 'Show as a table' }).click()
    await expect(byHour.getByRole('table').locator('tbody tr')).toHaveCount(24)

    const switcher = page.getByRole('button', { name: /Switch gym/ })
    const firstGym = (await switcher.textContent())?.trim() ?? ''
    await expect(page.getByText(new RegExp(`^${firstGym} at a glance`))).toBeVisible()
    const before = await members.textContent()
    const collectionsBefore = await page
      .getByRole('region', { name: 'Collections', exact: true })
      .textContent()

    await switcher.click()
    const other = page.getByRole('option').filter({ hasNotText: firstGym }).first()
    const otherGym = (await other.textContent())?.trim() ?? ''
    await other.click()
    await expect(switcher).toContainText(otherGym)
    await expect(page.getByText(new RegExp(`^${otherGym} at a glance`))).toBeVisible()
    await expect(members.getByText(/^[\d,]+ in total$/)).toBeVisible()
    await expect.poll(() => members.textContent()).not.toBe(before)
    await expect
      .poll(() => page.getByRole('region', { name: 'Collections', exact: true }).textContent())
      .not.toBe(collectionsBefore)

    // Both gyms at once.
    await page.getByRole('button', { name: /Showing/ }).click()
    await page.getByRole('option', { name: 'All your gyms' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/dashboard?scope=all`)
    await expect(page.getByText(/^All your gyms at a glance/)).toBeVisible()
  })

  test('collections compare like with like, and agree with the payments week by week', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/dashboard' })
    const thisWeek = page
      .getByRole('region', { name: 'Collections', exact: true })
      .getByRole('heading', { name: 'This week' })
      .locator('..')
    await expect(thisWeek.getByText(money).first()).toBeVisible()
    // Week to date against the same days of last week, not against a whole week.
    await expect(thisWeek).toContainText(
      /(up|down) \d+% on the same days last week|same as the same days last week/,
    )
    const inAuckland = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-NZ', { ...options, timeZone: 'Pacific/Auckland' })
    const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(
      inAuckland({ weekday: 'short' }).format(new Date()),
    )
    const monday = inAuckland({ day: 'numeric', month: 'short', year: 'numeric' }).format(
      new Date(Date.now() - weekday * 86_400_000),
    )
    await expect(thisWeek).toContainText(`since ${monday}`)
    const amount = (await thisWeek.locator('p').nth(0).textContent())?.trim()
    const payments = (await thisWeek.getByText(/payments? since/).textContent())?.match(
      /^([\d,]+) payments?/,
    )?.[1]

    // The same payments as the expected-payments screen counts them in this week's row.
    const gym = (await page.getByRole('button', { name: /Switch gym/ }).textContent())?.trim() ?? ''
    await page.goto(`${consoleUrl}/expected-payments-debugging`)
    await page.getByRole('button', { name: /Gym/ }).click()
    await page.getByRole('option', { name: gym }).click()
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /This week/ }) })
    const collected = row.getByRole('cell').nth(1)
    await expect(collected.locator('span').first()).toHaveText(amount ?? '')
    if (payments && payments !== '0') await expect(collected).toContainText(`${payments} payment`)

    // The trend marks the week in progress as so far.
    await page.goto(`${consoleUrl}/dashboard`)
    const trend = page.getByRole('region', { name: 'Week by week' })
    await trend.getByRole('button', { name: 'Show as a table' }).click()
    await expect(trend.getByRole('table').locator('tbody tr').last()).toContainText('(so far)')
  })

  test('failed payments say why in words and lead to where they are fixed', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/dashboard' })
    const failed = page.getByRole('region', { name: 'Failed payments to act on' })
    const rows = failed.getByRole('list', { name: 'Failed payments' }).getByRole('listitem')
    await expect(rows.first()).toBeVisible()
    for (const row of await rows.all()) await expect(row).not.toContainText('_')
    await failed.getByRole('link', { name: 'Retry, send a payment link or waive' }).click()
    await expect(page).toHaveURL(/\/payments\?(gym_id=\d+&)?status=failed/)
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  })

  test('a personal trainer sees members and visits, not money', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz')
    await expect(
      page.getByRole('region', { name: 'Visits by day' }).getByText(/^[\d,]+ visits$/),
    ).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Members', exact: true }).getByText(/in total$/),
    ).toBeVisible()
    await expect(page.getByRole('region', { name: 'Collections', exact: true })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Failed payments to act on' })).toHaveCount(0)
  })

  test('fits a phone without sideways scrolling @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInStaff(page, 'manager@demo.gymbase.nz')
    await expect(
      page.getByRole('region', { name: 'Members', exact: true }).getByText(/in total$/),
    ).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: 'Visits by day' })
        .getByText(/visits/)
        .first(),
    ).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
  })
})
