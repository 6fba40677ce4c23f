import { readFile } from 'node:fs/promises'
import { consoleUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { expect, test } from './support/test'

const footer = /^(\d+)–(\d+) of ([\d,]+) members?$/

test.describe('the members list', () => {
  test('an owner filters by state and text, sorts, pages, goes back, and exports exactly the list', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members' })
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
    const table = page.getByRole('table', { name: 'Members' })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Member',
      'State',
      'Membership',
      'Owing',
      'Last visit',
      'Joined',
    ])
    const count = page.getByText(footer)
    const everyone = Number((await count.textContent())?.match(footer)?.[3]?.replace(/,/g, ''))
    expect(everyone).toBeGreaterThan(25)
    await expect(table.locator('tbody tr')).toHaveCount(25)

    // Paused members: every row says so in words, and the count shrinks.
    await page.getByRole('button', { name: /State$/ }).click()
    await page.getByRole('option', { name: 'Paused', exact: true }).click()
    await expect(page).toHaveURL(/state=paused/)
    await expect(count).not.toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} members`))
    const badges = table.locator('tbody tr td:nth-child(2)')
    for (const badge of await badges.all()) await expect(badge).toContainText('Paused')
    const paused = Number((await count.textContent())?.match(footer)?.[3]?.replace(/,/g, ''))
    expect(paused).toBeGreaterThan(0)
    expect(paused).toBeLessThan(everyone)

    // Back undoes the filter.
    await page.goBack()
    await expect(page).not.toHaveURL(/state=/)
    await expect(count).toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} members`))

    // Text typed at a person's speed finds the member, and stays in the address.
    await page.getByRole('searchbox', { name: 'Name, e-mail or mobile' }).fill('aroha')
    await expect(page).toHaveURL(/search=aroha/)
    await expect(table.getByRole('link', { name: /Aroha/ }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).not.toHaveURL(/search=/)
    await expect(page.getByRole('searchbox', { name: 'Name, e-mail or mobile' })).toHaveValue('')

    // Newest first, by the Joined header; its direction is announced.
    await table.getByRole('link', { name: 'Joined' }).click()
    await expect(page).toHaveURL(/sort=-joined/)
    await expect(table.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    const joined = await table.locator('tbody tr td:nth-child(6)').allTextContents()
    const days = joined.map((text) => Date.parse(text))
    expect(days).toEqual([...days].sort((a, b) => b - a))

    // The next page, then the export of the filtered list: exactly its rows.
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(count).toHaveText(/^26–/)
    await page.getByRole('button', { name: /State$/ }).click()
    await page.getByRole('option', { name: 'In grace period' }).click()
    await expect(page).toHaveURL(/state=in_grace_period/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(count).toHaveText(/^1–/)
    await expect(count).not.toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} members`))
    const inGrace = Number((await count.textContent())?.match(footer)?.[3]?.replace(/,/g, ''))
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^members-all-gyms-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = await readFile((await file.path()) ?? '', 'utf8')
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n')
    expect(lines[0]).toContain('Name,Email,Mobile,Gym')
    expect(lines).toHaveLength(inGrace + 1)
    await expect(page.getByText(`Exported ${inGrace} members`)).toBeVisible()
  })

  test('a gym admin sees their gym’s members only; a trainer sees no money', async ({ page }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz', { path: '/members' })
    const table = page.getByRole('table', { name: 'Members' })
    await expect(table.locator('tbody tr').first()).toBeVisible()
    for (const cell of await table.locator('tbody tr td:nth-child(3)').all())
      await expect(cell).toContainText('Ponsonby')
    await expect(page.getByRole('button', { name: /Gym$/ })).toHaveCount(0)

    await page.context().clearCookies()
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/members' })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Member',
      'State',
      'Membership',
      'Last visit',
      'Joined',
    ])
    await expect(page.getByRole('button', { name: /Balance$/ })).toHaveCount(0)
    await expect(table.getByText(/\$\d/)).toHaveCount(0)
  })

  test('a link to another gym’s members says so, and a filter that matches nobody says what to do', async ({
    page,
  }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz', { path: '/members?gym_id=2147483000' })
    await expect(page.getByText('This gym isn’t one of yours')).toBeVisible()
    await page.goto(`${consoleUrl}/members?search=nobody-is-called-this`)
    await expect(page.getByText('No members match these filters')).toBeVisible()
    await page.getByRole('button', { name: 'show every member' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/members`)
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible()
  })
})

test.describe('a member’s page', () => {
  test('an owner opens a member from the list: membership, how they pay, payments and visits, tabs in the address', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members?search=Aroha%20Ngata' })
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Aroha Ngata' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Aroha Ngata/ })).toBeVisible()
    await expect(page).toHaveTitle('Aroha Ngata · Gymbase')
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await expect(overview.getByText('24/7 Access')).toBeVisible()
    await expect(overview.getByText(/^Active: paid up, current period/)).toBeVisible()
    await expect(overview.getByText('member@demo.gymbase.nz')).toBeVisible()
    await expect(overview.getByText(/Visa ending \d{4}, expires/)).toBeVisible()
    await expect(overview.getByText('Default')).toHaveCount(1)

    await page.getByRole('tab', { name: 'Payments' }).click()
    await expect(page).toHaveURL(/tab=payments/)
    const payments = page.getByRole('table', { name: 'Payments' })
    await expect(payments.getByText('Paid').first()).toBeVisible()
    const dues = (await payments.getByRole('rowheader').allTextContents()).map((text) => Date.parse(text))
    expect(dues).toEqual([...dues].sort((a, b) => b - a))

    await page.getByRole('tab', { name: 'Visits' }).click()
    await expect(page).toHaveURL(/tab=visits/)
    await expect(page.getByRole('table', { name: 'Visits' }).getByText('Let in').first()).toBeVisible()
    await page.getByRole('link', { name: 'Older' }).click()
    await expect(page.getByText(/^21–40 of \d+ visits$/)).toBeVisible()
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Visits' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText(/^21–40 of \d+ visits$/)).toBeVisible()

    await page.setViewportSize({ width: 390, height: 844 })
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(sideways).toBeLessThanOrEqual(390)
  })

  test('a trainer sees the member without money, and another gym’s member is not found', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/members' })
    const first = page
      .getByRole('table', { name: 'Members' })
      .getByRole('rowheader')
      .first()
      .getByRole('link')
    const name = (await first.textContent()) ?? ''
    await first.click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible()
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Visits'])
    await expect(page.getByRole('main').getByText(/\$\d/)).toHaveCount(0)

    await page.goto(`${consoleUrl}/members/2147483000`)
    await expect(page.getByText('Member not found.')).toBeVisible()
  })
})
