import { signInStaff } from './support/auth'
import { csvLines, exportCsv, openStaffList } from './support/console'
import { expect, test } from './support/test'

const footer = /^(\d+)–(\d+) of ([\d,]+) visits?$/
const totalIn = async (text: Promise<string | null>) =>
  Number((await text)?.match(footer)?.[3]?.replace(/,/g, ''))

test.describe('the visits list', () => {
  test('an owner finds the refused entries with why, narrows them to a day range, goes back, and exports them', async ({
    page,
  }) => {
    const table = await openStaffList(page, {
      path: '/visits',
      name: 'Visits',
      columns: ['When', 'Member', 'Result'],
    })
    const count = page.getByText(footer)
    const everyone = await totalIn(count.textContent())
    expect(everyone).toBeGreaterThan(25)
    // Latest first, each with its time of day in Auckland.
    await expect(table.locator('tbody tr').first().locator('th, td').first()).toContainText(
      /\d{1,2}:\d\d [ap]m/,
    )

    await page.getByRole('button', { name: /Result$/ }).click()
    await page.getByRole('option', { name: 'Refused', exact: true }).click()
    await expect(page).toHaveURL(/successful=false/)
    await expect(count).not.toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} visits`))
    for (const cell of await table.locator('tbody tr td:nth-child(3)').all()) {
      // Refused, and why in words: the demo's unknown tags, or a door test's paused member.
      await expect(cell).toHaveText(/^Refused(Tag not recognised|Membership paused until .+)$/)
    }
    const refused = await totalIn(count.textContent())

    const { filename, text } = await exportCsv(page)
    expect(filename).toMatch(/^visits-all-gyms-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = csvLines(text)
    expect(lines[0]).toBe('Date,Time,Visited at (ISO),Member,Gym,Door,Result,Reason')
    expect(lines).toHaveLength(refused + 1)

    // A day range typed into the boxes narrows the list further; Back undoes it.
    const from = page.getByRole('group', { name: 'From', exact: true })
    await from.getByLabel('Day').fill('01')
    await from.getByLabel('Month').fill('01')
    await from.getByLabel('Year').fill('2030')
    await expect(page).toHaveURL(/from=2030-01-01/)
    await expect(page.getByText('No visits match these filters')).toBeVisible()
    await page.goBack()
    await expect(page).not.toHaveURL(/from=/)
    await expect(count).toHaveText(new RegExp(`of ${refused.toLocaleString('en-NZ')} visits?`))
  })

  test('a trainer sees the visits of their gym', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/visits' })
    const table = page.getByRole('table', { name: 'Visits' })
    await expect(table.locator('tbody tr').first()).toBeVisible()
    for (const cell of await table.locator('tbody tr td:nth-child(2)').all())
      await expect(cell).toContainText('Ponsonby')
    await page.getByRole('searchbox', { name: 'Member’s name or e-mail' }).fill('zzzz-nobody')
    await expect(page).toHaveURL(/search=zzzz-nobody/)
    await expect(page.getByText('No visits match these filters')).toBeVisible()
  })
})
