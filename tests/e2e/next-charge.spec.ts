import type { Page } from '@playwright/test'
import { joinUrl } from '../../playwright.config'
import { signInStaff, withLock } from './support/auth'
import { acceptAndConfirm, enterCard, fillAboutYou, signUpThroughScreens, takePhoto } from './support/join'
import { linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

/**
 * Money told truly (issue 25 points 1, 2 and 10): the next charge on the member's page and on the
 * member's own welcome page is the one rule the engine charges by (a booked price change, the card
 * surcharge), a cancellation at the period's end reads as the access it leaves, and the pay page's
 * button says what the chosen method is charged.
 */

const headers = { 'X-Requested-With': 'XMLHttpRequest' }

interface NextCharge {
  on: string
  amount: number | null
  surcharge: number | null
  total: number | null
  kind: string
  new_price: boolean
}

const cents = (value: number) =>
  `$${(value / 100).toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const day = (value: string) =>
  new Date(`${value}T00:00:00Z`).toLocaleDateString('en-NZ', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

async function memberNextCharge(page: Page, id: number) {
  return page.evaluate(
    async ({ id, headers }) => {
      const detail = (await (await fetch(`/api/members/${id}`, { headers })).json()).data
      return detail.membership as { next_charge: NextCharge | null; current_period_end: string }
    },
    { id, headers },
  )
}

test.describe('the next charge', () => {
  // Joining through the screens, then the console: longer than one screen's test.
  test.describe.configure({ timeout: 180_000 })
  test('a card member with a cheaper price booked for the renewal: staff and the member see the new price with the surcharge; cancelled, the page says until when', async ({
    page,
    browser,
  }) => {
    // A new member joins by card.
    const name = `Next Charge ${Date.now().toString(36)}`
    await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'next-charge' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Card/ }).click()
    await enterCard(page, '4242424242424242')
    await expect(page).toHaveURL(`${joinUrl}/card-connected`)
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, name)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    const before = await page.evaluate(async (headers) => {
      return (await (await fetch('/api/me/active-subscription', { headers })).json()).data
        .next_charge as NextCharge
    }, headers)
    expect(before.surcharge).toBeGreaterThan(0)
    await expect(page.getByText(`Next payment: ${cents(before.total ?? 0)} (`)).toBeVisible()

    // Staff book a change to another price for the renewal (the day the dialog starts with).
    const staff = await browser.newPage()
    await signInStaff(staff, 'owner@demo.gymbase.nz', { path: `/members?search=${encodeURIComponent(name)}` })
    await staff.getByRole('link', { name }).first().click()
    await expect(staff.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible()
    const id = Number(/\/members\/(\d+)/.exec(staff.url())?.[1])
    const overview = staff.getByRole('tabpanel', { name: 'Overview' })
    await expect(overview.getByText('Renews')).toBeVisible()
    await overview.getByRole('button', { name: 'Change price' }).click()
    const change = staff.getByRole('dialog', { name: 'Change price' })
    await change.getByRole('button', { name: /New price/ }).click()
    const option = staff
      .getByRole('option')
      .filter({ hasText: /· \$[\d,]+\.\d\d (weekly|fortnightly|monthly)$/ })
      .first()
    const optionText = (await option.textContent()) ?? ''
    const newAmount = Math.round(Number(/\$([\d,]+\.\d\d)/.exec(optionText)?.[1]?.replace(/,/g, '')) * 100)
    await option.click()
    await change.getByRole('button', { name: 'Schedule price change' }).click()
    await expect(change).toHaveCount(0)

    // The member's page: the new price, plus the card surcharge, on the renewal day.
    const membership = await memberNextCharge(staff, id)
    const next = membership.next_charge
    expect(next).toMatchObject({ on: membership.current_period_end, amount: newAmount, new_price: true })
    expect(next?.surcharge).toBeGreaterThan(0)
    expect(next?.total).toBe(newAmount + (next?.surcharge ?? 0))
    await expect(overview.getByText('Next charge')).toBeVisible()
    await expect(
      overview.getByText(
        `${day(next?.on ?? '')}, ${cents(next?.total ?? 0)} (${cents(newAmount)} + ${cents(next?.surcharge ?? 0)} card surcharge), new price`,
      ),
    ).toBeVisible()
    await expect(overview.getByText(/^Price change$/)).toBeVisible()

    // The member's own page says the same.
    await page.reload()
    await expect(page.getByText(`Next payment: ${cents(next?.total ?? 0)} (`)).toBeVisible()
    const theirs = await page.evaluate(async (headers) => {
      return (await (await fetch('/api/me/active-subscription', { headers })).json()).data
        .next_charge as NextCharge
    }, headers)
    expect(theirs).toEqual(next)

    // Cancelled at the period's end: access until then, no renewal, no price change, no charge.
    await overview.getByRole('button', { name: 'Cancel membership' }).click()
    const cancel = staff.getByRole('dialog', { name: 'Cancel membership' })
    // The period's end is the dialog's own choice.
    await cancel.getByRole('button', { name: 'Cancel membership' }).click()
    await expect(staff.getByText(new RegExp(`${name}’s membership ends on`))).toBeVisible()
    const ends = day(membership.current_period_end)
    await expect(
      overview.getByText(new RegExp(`^Cancelled: access until ${ends} \\(cancelled on `)),
    ).toBeVisible()
    await expect(overview.getByText('Ends', { exact: true })).toBeVisible()
    await expect(overview.getByText('Renews', { exact: true })).toHaveCount(0)
    await expect(overview.getByText(/^Price change$/)).toHaveCount(0)
    await expect(overview.getByText('None', { exact: true })).toBeVisible()
    await expect(overview.getByText(/Not active/)).toHaveCount(0)
    expect((await memberNextCharge(staff, id)).next_charge).toBeNull()
    await staff.close()
  })
})

test.describe('the pay page', () => {
  test.describe.configure({ timeout: 180_000 })

  test('the button says what the chosen method is charged: the card surcharge by card only, and paying by bank takes the bank amount', async ({
    page,
    browser,
  }) => {
    await withLock(
      'payments-list',
      async () => {
        await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/payments?status=failed&type=card' })
        const table = page.getByRole('table', { name: 'Payments' })
        const fix = page.getByRole('button', { name: /^Fix the failed payment/ })
        await expect(table.getByRole('button', { name: /^Fix the failed payment/ }).first()).toBeVisible()
        const row = table.locator('tbody tr').filter({ has: fix }).first()
        const memberName = (await row.getByRole('link').first().textContent())?.trim() ?? ''
        await row.getByRole('link', { name: memberName }).first().click()
        await expect(page.getByRole('heading', { level: 1, name: memberName })).toBeVisible()
        const memberId = Number(/\/members\/(\d+)/.exec(page.url())?.[1])
        await page.getByRole('tab', { name: 'Overview' }).click()
        const email = (await page.locator('a[href^="mailto:"]').first().textContent())?.trim() ?? ''
        await page.goBack()
        const since = new Date()
        await page
          .getByRole('table', { name: 'Payments' })
          .locator('tbody tr')
          .filter({ hasText: memberName })
          .getByRole('button', { name: /^Fix the failed payment/ })
          .first()
          .click()
        await page.getByRole('dialog').getByRole('button', { name: 'Send payment link' }).click()
        await expect(page.getByText(/^Payment link sent\. It works once, until /)).toBeVisible()
        const link = linkIn(await waitForMail({ to: email, since, subject: /payment didn’t go through/ }))

        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-NZ' })
        const member = await context.newPage()
        await member.goto(link.toString())
        await expect(member.getByRole('heading', { name: 'Pay what you owe' })).toBeVisible()
        await member.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        const owed = member.getByRole('region', { name: 'What you owe' })
        const pay = member.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ })
        const amountOf = async () => Number((await pay.textContent())?.replace(/[^\d]/g, ''))

        // Their saved card: the card surcharge is a line of its own and in the button.
        await expect(owed.getByText('Card surcharge')).toBeVisible()
        await expect(owed.getByText('Total by card')).toBeVisible()
        const byCard = await amountOf()

        // A bank account connected through the bank's consent page: chosen on return, no surcharge.
        await member.getByRole('radio', { name: 'A new bank account' }).check({ force: true })
        await member.getByRole('button', { name: 'Connect my bank' }).click()
        await expect(member.getByRole('heading', { name: 'Share an account with Gymbase?' })).toBeVisible()
        await member.locator('html[data-hydrated="true"]').waitFor()
        await member.getByRole('checkbox', { name: /Everyday/ }).check({ force: true })
        await member.getByRole('button', { name: 'Allow' }).click()
        await expect(member).toHaveURL(/\/pay\?token=.*bank=connected/)
        await expect(member.getByRole('radio', { name: /^Everyday/ })).toBeChecked()
        await expect(owed.getByText('Total by bank account')).toBeVisible()
        await expect(owed.getByText('Card surcharge')).toHaveCount(0)
        const byBank = await amountOf()
        expect(byBank).toBeLessThan(byCard)

        // Back to the card and to the bank: the button follows at once.
        await member
          .getByRole('radio', { name: /ending \d{4}/ })
          .first()
          .check({ force: true })
        await expect(pay).toHaveText(`Pay ${cents(byCard)}`)
        await member.getByRole('radio', { name: /^Everyday/ }).check({ force: true })
        await expect(pay).toHaveText(`Pay ${cents(byBank)}`)
        await pay.click()
        await expect(member.getByRole('heading', { name: 'Your payment is on its way' })).toBeVisible()
        await expect(
          member.getByText(`Your bank payment of ${cents(byBank)} is being processed`),
        ).toBeVisible()
        await context.close()

        // The payment charged is the amount the button said.
        const charged = await page.evaluate(
          async ({ memberId, headers }) => {
            const answer = await (
              await fetch(`/api/users/${memberId}/payments?per_page=100`, { headers })
            ).json()
            return (
              answer.data as {
                status: string
                type: string
                amount: number
                surcharge: number
                credit_used: number
              }[]
            )
              .filter((payment) => payment.status === 'pending_request' && payment.type === 'bank_account')
              .map((payment) => payment.amount + payment.surcharge - payment.credit_used)
          },
          { memberId, headers },
        )
        expect(charged.reduce((sum, amount) => sum + amount, 0)).toBe(byBank)
      },
      { waitMs: 170_000 },
    )
  })
})
