import type { Page } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { callApi, demoPassword, signInStaff } from './support/auth'
import {
  acceptAndConfirm,
  connectSandboxBank,
  fillAboutYou,
  signUpThroughScreens,
  takePhoto,
} from './support/join'
import { expect, test } from './support/test'

/**
 * The member's costs (issue 28 point 2) on a phone: the demo member signs in, reads the next payment on
 * their welcome page, and their account's costs page names the same charge; its calendar, this year's
 * total, and the visits and cost-per-visit tables hold the API's figures, which are the console's.
 */

test.use({ permissions: ['camera'] })

const memberEmail = 'member@demo.gymbase.nz'

async function signInMember(page: Page) {
  await page.goto(`${joinUrl}/login`)
  await page.getByLabel('E-mail').fill(memberEmail)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${joinUrl}/account`)
}

interface Week {
  starts_on: string
  ends_on: string
  visits: number
  cost: number
  cost_per_visit: number | null
}

const money = (cents: number) =>
  new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(cents / 100)

/** The rows of a table named `name`, each its cells' text. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name })
  await expect(table).toBeVisible()
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    )
}

test.describe('what it costs, ahead and so far (issue 28)', () => {
  test('the member sees the next charge the welcome page names, the year ahead, and the tables’ figures @phone', async ({
    page,
  }) => {
    await signInMember(page)
    await page.goto(`${joinUrl}/welcome-to-gym`)
    const welcomeLine = page.getByText(/^Next payment: \$/)
    await expect(welcomeLine).toBeVisible()
    // "Next payment: $81.98 ($79.00 + $1.98 card surcharge) on Mon 28 Dec 2026."
    const [, amountWords = '', day = ''] =
      /^Next payment: (.+) on (\w{3} \d{1,2} \w{3} \d{4})\.$/.exec((await welcomeLine.textContent()) ?? '') ??
      []
    expect(amountWords).not.toBe('')

    // From the welcome page to the account, as a member would go: the address they were told.
    await page.goto(`${joinUrl}/account/costs`)
    await expect(page.getByRole('heading', { level: 1, name: 'What it costs' })).toBeVisible()
    await expect(page.getByText(`You’ll be charged ${amountWords} on ${day}.`)).toBeVisible()

    const answer = await callApi(page, 'GET', '/me/account/costs')
    expect(answer.status).toBe(200)
    const costs = answer.body.data as {
      charges: Array<{ on: string; total: number }>
      paid_this_year: { year: number; total: number }
      weeks: Week[]
      cost_per_visit: { visits: number; per_visit: number | null }
      months: string[]
    }
    // The calendar: twelve months, each charge's amount in the month it falls in.
    const months = page.getByRole('heading', { level: 3 })
    await expect(months).toHaveCount(12)
    expect(costs.charges.length).toBeGreaterThanOrEqual(11)
    await expect(
      page.getByText(
        new RegExp(`^${escapeRegExp(money(costs.charges[0]!.total))}.* on ${escapeRegExp(day)}`),
      ),
    ).toBeVisible()
    // This year's payments.
    await expect(page.getByText(`Paid in ${costs.paid_this_year.year}`)).toBeVisible()
    await expect(page.getByText(money(costs.paid_this_year.total), { exact: true })).toBeVisible()

    // The tables hold the weeks' figures, newest first.
    const weeks = [...costs.weeks].reverse()
    if (costs.cost_per_visit.visits > 0) {
      const visits = await tableRows(page, 'Visits per week')
      expect(visits.map((row) => row[1])).toEqual(weeks.map((week) => String(week.visits)))
      const perVisit = await tableRows(page, 'Cost per visit per week')
      expect(perVisit.map((row) => row.slice(1))).toEqual(
        weeks.map((week) => [
          money(week.cost),
          String(week.visits),
          week.cost_per_visit === null ? '—' : money(week.cost_per_visit),
        ]),
      )
    } else {
      await expect(page.getByText(/^No visits in the last 12 weeks yet/)).toBeVisible()
    }
    const fits = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    )
    expect(fits).toBe(true)
  })

  test('the console’s member page shows the same next charge and weekly figures', async ({
    page,
    browser,
  }) => {
    // The staff sign-in by e-mailed code, then the console's member page: slow on a busy machine.
    test.setTimeout(150_000)
    await signInMember(page)
    const me = await callApi(page, 'GET', '/me')
    const memberId = me.body.data.id as number
    const costs = (await callApi(page, 'GET', '/me/account/costs')).body.data as {
      charges: Array<{ on: string; total: number }>
      weeks: Week[]
    }

    const staffContext = await browser.newContext()
    const staff = await staffContext.newPage()
    await signInStaff(staff, 'owner@demo.gymbase.nz', { path: `/members/${memberId}` })
    await expect(staff).toHaveURL(`${consoleUrl}/members/${memberId}`)
    const first = costs.charges[0]!
    const shortDay = new Intl.DateTimeFormat('en-NZ', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${first.on}T00:00:00Z`))
    await expect(
      staff.getByText(new RegExp(`^${escapeRegExp(shortDay)}, ${escapeRegExp(money(first.total))}`)),
    ).toBeVisible()
    const consoleWeeks = await callApi(staff, 'GET', `/members/${memberId}/weekly-cost-per-visit?weeks=12`)
    expect(consoleWeeks.body.data).toEqual(costs.weeks)
    await staffContext.close()
  })

  test('a member who has just joined has no visits yet; once cancelled, nothing ahead and why', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000)
    const name = `Costs Newcomer ${Date.now().toString(36)}`
    await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'costs-new' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Bank account/ }).click()
    await connectSandboxBank(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, name.toLowerCase())
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    const welcomeLine = page.getByText(/^Next payment: \$/)
    await expect(welcomeLine).toBeVisible()
    const told = ((await welcomeLine.textContent()) ?? '').replace(/^Next payment: /, '')

    await page.goto(`${joinUrl}/account/costs`)
    await expect(page.getByText(`You’ll be charged ${told}`)).toBeVisible()
    await expect(page.getByText('No visits yet')).toBeVisible()
    await expect(page.getByText(/^No visits in the last 12 weeks yet/)).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)

    // The gym cancels at the period end: nothing is charged ahead, and the page says why.
    const memberId = (await callApi(page, 'GET', '/me')).body.data.id as number
    const staffContext = await browser.newContext()
    const staff = await staffContext.newPage()
    await signInStaff(staff, 'owner@demo.gymbase.nz', { path: `/members/${memberId}` })
    const detail = (await callApi(staff, 'GET', `/members/${memberId}`)).body.data
    const cancelled = await callApi(staff, 'POST', `/subscriptions/${detail.membership.id}/cancel`, {
      version: detail.membership.version,
    })
    expect(cancelled.status).toBe(200)
    await staffContext.close()

    await page.reload()
    const costs = (await callApi(page, 'GET', '/me/account/costs')).body.data as {
      charges: unknown[]
      membership: { ends_on: string }
    }
    expect(costs.charges).toEqual([])
    const endsOn = new Intl.DateTimeFormat('en-NZ', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .format(new Date(`${costs.membership.ends_on}T00:00:00Z`))
      .replace(',', '')
    await expect(
      page.getByText(
        `Your membership ends on ${endsOn}, before another charge, so nothing more will be charged.`,
      ),
    ).toBeVisible()
    await expect(
      page.getByText(`Your membership ends on ${endsOn}. Nothing is charged from then.`),
    ).toBeVisible()
    await expect(page.getByText('Nothing is charged in the next 12 months.')).toBeVisible()
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
