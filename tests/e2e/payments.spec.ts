import { parse } from 'csv-parse/sync'
import { consoleUrl } from '../../playwright.config'
import { signInStaff, withLock } from './support/auth'
import { csvLines, exportCsv, openStaffList } from './support/console'
import { expect, test } from './support/test'

const footer = /^(\d+)–(\d+) of ([\d,]+) payments?$/
const totalIn = async (text: Promise<string | null>) =>
  Number((await text)?.match(footer)?.[3]?.replace(/,/g, ''))
const dollars = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100)

test.describe('the payments list', () => {
  test('an owner reads the totals, finds the failed payments with their reasons, sorts, goes back, and exports them', async ({
    page,
  }) => {
    // The failed-payments tests fix failures; the counts here are read while none of them runs (this
    // test may wait its turn behind one).
    test.setTimeout(180_000)
    await withLock(
      'payments-list',
      async () => {
        const table = await openStaffList(page, {
          path: '/payments',
          name: 'Payments',
          columns: ['Due', 'Member', 'Amount', 'Status', 'Paid by', 'Period'],
        })
        const totals = page
          .getByRole('group', { name: 'Totals of the filtered payments' })
          .or(page.getByLabel('Totals of the filtered payments'))
        const collected = totals.getByRole('definition').first()
        await expect(collected).toHaveText(/^\$[\d,]+\.\d\d$/)
        expect(dollars(await collected.textContent())).toBeGreaterThan(0)
        const count = page.getByText(footer)
        const everyone = await totalIn(count.textContent())
        expect(everyone).toBeGreaterThan(25)
        await expect(table.locator('tbody tr')).toHaveCount(25)

        // Failed payments: each says so, with why in words; nothing of them was collected.
        await page.getByRole('button', { name: /Status$/ }).click()
        await page.getByRole('option', { name: 'Failed', exact: true }).click()
        await expect(page).toHaveURL(/status=failed/)
        await expect(count).not.toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} payments`))
        await expect(collected).toHaveText('$0.00')
        const statuses = table.locator('tbody tr td:nth-child(4)')
        for (const cell of await statuses.all()) {
          await expect(cell).toContainText('Failed')
          await expect(cell).not.toContainText('_')
        }
        const failed = await totalIn(count.textContent())
        expect(failed).toBeGreaterThan(0)

        // Largest first, by the Amount header; its direction is announced.
        await table.getByRole('link', { name: 'Amount' }).click()
        await expect(page).toHaveURL(/sort=-amount/)
        await expect(table.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
          'aria-sort',
          'descending',
        )
        const amounts = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((text) =>
          dollars(text.split('+')[0] ?? ''),
        )
        expect(amounts).toEqual([...amounts].sort((a, b) => b - a))

        // The export is exactly the filtered list.
        const { filename, text } = await exportCsv(page)
        expect(filename).toMatch(/^payments-all-gyms-\d{4}-\d{2}-\d{2}\.csv$/)
        const lines = csvLines(text)
        expect(lines[0]).toContain('Due,Due (ISO),Paid,Paid (ISO),Member,Gym,Amount,Surcharge,GST')
        expect(lines).toHaveLength(failed + 1)
        expect(lines.slice(1).every((line) => line.includes(',Failed,'))).toBe(true)
        await expect(page.getByText(`Exported ${failed.toLocaleString('en-NZ')} payment`)).toBeVisible()

        // Back twice: the sort, then the filter, undone.
        await page.goBack()
        await expect(page).not.toHaveURL(/sort=/)
        await page.goBack()
        await expect(page).not.toHaveURL(/status=/)
        await expect(count).toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} payments`))
      },
      { waitMs: 170_000 },
    )
  })

  test('an owner exports card payments with the GST each holds: 3/23 of amount and surcharge', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/payments?status=sent' })
    await expect(page.getByRole('table', { name: 'Payments' }).locator('tbody tr').first()).toBeVisible()
    const sent = await totalIn(page.getByText(footer).textContent())
    const records = parse((await exportCsv(page)).text, { columns: true }) as Array<Record<string, string>>
    expect(records).toHaveLength(sent)
    const cents = (dollars: string | undefined) => Math.round(Number(dollars) * 100)
    let surcharged = 0
    for (const record of records) {
      const charged = cents(record.Amount) + cents(record.Surcharge)
      expect(cents(record.GST), `${record.Amount} + ${record.Surcharge}`).toBe(Math.round((charged * 3) / 23))
      if (cents(record.Surcharge) > 0) surcharged += 1
    }
    // The demo's card payers pay a surcharge; its GST is in the column too.
    expect(surcharged).toBeGreaterThan(0)
  })

  test('an owner narrows by member, method and amount, and a filter that matches nothing says what to do', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/payments' })
    const table = page.getByRole('table', { name: 'Payments' })
    await expect(table.locator('tbody tr').first()).toBeVisible()

    await page.getByRole('searchbox', { name: 'Member’s name or e-mail' }).fill('aroha')
    await expect(page).toHaveURL(/search=aroha/)
    for (const cell of await table.locator('tbody tr td:nth-child(2)').all())
      await expect(cell).toContainText(/Aroha/i)

    await page.getByRole('button', { name: /Paid by$/ }).click()
    await page.getByRole('option', { name: 'Bank account' }).click()
    await expect(page).toHaveURL(/type=bank/)

    // An amount typed and Enter pressed filters by it, in cents in the address.
    const from = page.getByRole('textbox', { name: 'Amount from' })
    await from.fill('10000')
    await from.press('Enter')
    await expect(page).toHaveURL(/amount_min=1000000/)
    await expect(page.getByText('No payments match these filters')).toBeVisible()
    await page.getByRole('button', { name: 'show every payment' }).click()
    await expect(page).not.toHaveURL(/search=|type=|amount_min=/)
    await expect(table.locator('tbody tr')).toHaveCount(25)
  })

  test('a range typed the wrong way round is said under the field, and the list and its filters stay', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/payments' })
    const table = page.getByRole('table', { name: 'Payments' })
    await expect(table.locator('tbody tr').first()).toBeVisible()

    const from = page.getByRole('textbox', { name: 'Amount from' })
    // Pasted with a third decimal place: refused in words, not rounded to another amount.
    await from.fill('12.555')
    await expect(page.getByText('Use at most 2 decimal places')).toBeVisible()
    await from.press('Enter')
    await expect(page).not.toHaveURL(/amount_min=/)
    await from.fill('20')
    await from.press('Enter')
    await expect(page).toHaveURL(/amount_min=2000/)
    const to = page.getByRole('textbox', { name: 'Amount to' })
    await to.fill('5')
    await to.press('Enter')
    await expect(page.getByText('Choose an amount at least the “from” amount')).toBeVisible()
    await expect(page).not.toHaveURL(/amount_max=/)
    await expect(table.locator('tbody tr').first()).toBeVisible()
    await expect(page.getByText(/couldn.t load this screen/)).toHaveCount(0)

    const dueTo = page.getByRole('group', { name: 'Due to', exact: true })
    await dueTo.getByLabel('Day').fill('01')
    await dueTo.getByLabel('Month').fill('01')
    await dueTo.getByLabel('Year').fill('2026')
    await expect(page).toHaveURL(/due_to=2026-01-01/)
    const dueFrom = page.getByRole('group', { name: 'Due from', exact: true })
    await dueFrom.getByLabel('Day').fill('01')
    await dueFrom.getByLabel('Month').fill('05')
    await dueFrom.getByLabel('Year').fill('2026')
    await expect(page.getByText('Choose a day on or before the “due to” day')).toBeVisible()
    await expect(page).not.toHaveURL(/due_from=/)
    await expect(table.locator('tbody tr').first()).toBeVisible()

    // An address edited by hand (a day that doesn't exist, a range the wrong way round) opens the list
    // without those filters, not an error screen.
    for (const query of [
      'due_from=2026-02-31&status=failed',
      'amount_min=5000&amount_max=100&status=failed',
    ]) {
      await page.goto(`${consoleUrl}/payments?${query}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
      await expect(page.getByText(/couldn.t load this screen/)).toHaveCount(0)
      await expect(table.locator('tbody tr').first()).toBeVisible()
      await expect(table.getByText('Failed', { exact: true }).filter({ visible: true }).first()).toBeVisible()
    }
  })

  test('a gym admin sees the payments of their gym only', async ({ page }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz', { path: '/payments' })
    const table = page.getByRole('table', { name: 'Payments' })
    await expect(table.locator('tbody tr').first()).toBeVisible()
    for (const cell of await table.locator('tbody tr td:nth-child(2)').all())
      await expect(cell).toContainText('Ponsonby')
    await expect(page.getByRole('button', { name: /Gym$/ })).toHaveCount(0)
  })
})
