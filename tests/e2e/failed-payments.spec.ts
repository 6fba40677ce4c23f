import type { Browser, Page } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { signInStaff, withLock } from './support/auth'
import { openBeforeLoad } from './support/before-load'
import { completeEachCheck } from './support/card-checks'
import { enterCard } from './support/join'
import { linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

/**
 * Failed payments that get fixed (issue 16), on the demo's members in their failed-payment grace period
 * (cards that keep declining). Each test takes the newest card failure still open, so tests running
 * side by side take turns through a lock (the payments list's counts are read under it too).
 */

const failedCardPayments = '/payments?status=failed&type=card'

/** The tests that change failures take turns (the payments list's counts are read under the same lock). */
const inTurn = (work: () => Promise<void>) => withLock('payments-list', work, { waitMs: 170_000 })

/** The newest failed card payment that can still be fixed: its row, its member's name. */
async function openFailure(page: Page) {
  const table = page.getByRole('table', { name: 'Payments' })
  const fixButton = page.getByRole('button', { name: /^Fix the failed payment/ })
  await expect(table.getByRole('button', { name: /^Fix the failed payment/ }).first()).toBeVisible()
  const row = table.locator('tbody tr').filter({ has: fixButton }).first()
  const memberName = (await row.getByRole('link').first().textContent())?.trim() ?? ''
  expect(memberName).not.toBe('')
  // Only that member's failures from here on: the test acts on them alone.
  await page.goto(`${consoleUrl}${failedCardPayments}&search=${encodeURIComponent(memberName)}`)
  return { memberName, table }
}

async function memberEmail(page: Page, memberName: string) {
  await page.getByRole('table', { name: 'Payments' }).getByRole('link', { name: memberName }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: memberName })).toBeVisible()
  await page.getByRole('tab', { name: 'Overview' }).click()
  const email = (await page.locator('a[href^="mailto:"]').first().textContent())?.trim() ?? ''
  expect(email).toContain('@')
  return email
}

/** Staff send the payment link; the member's e-mail, as the SMTP server received it, carries it. */
async function sendLink(page: Page, email: string) {
  const since = new Date()
  await page
    .getByRole('button', { name: /^Fix the failed payment/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Send payment link' }).click()
  await expect(page.getByText(/^Payment link sent\. It works once, until /)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  const mail = await waitForMail({ to: email, since, subject: /payment didn’t go through/ })
  const link = linkIn(mail)
  expect(`${link.origin}${link.pathname}`).toBe(`${joinUrl}/pay`)
  return link
}

async function memberPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-NZ' })
  return { context, page: await context.newPage() }
}

/**
 * Staff open the newest open card failure, read its member's e-mail on their page (where `onMemberPage`
 * may look around), send the payment link from the failure, and the member opens the e-mailed link on
 * their phone.
 */
async function memberOpensLink(
  page: Page,
  browser: Browser,
  onMemberPage: (page: Page) => Promise<void> = async () => {},
) {
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: failedCardPayments })
  const { memberName } = await openFailure(page)
  const email = await memberEmail(page, memberName)
  await onMemberPage(page)
  await page.goBack()
  const link = await sendLink(page, email)
  const member = await memberPhone(browser)
  await member.page.goto(link.toString())
  return { memberName, member, email }
}

test.describe('failed payments', () => {
  // Each test may wait its turn for the lock behind another one.
  test.describe.configure({ timeout: 180_000 })

  test('an owner retries a failed card payment, it declines again in words, and they waive it with a reason', async ({
    page,
  }) => {
    await inTurn(async () => {
      await signInStaff(page, 'owner@demo.gymbase.nz', { path: failedCardPayments })
      const { memberName, table } = await openFailure(page)
      await table
        .getByRole('button', { name: /^Fix the failed payment/ })
        .first()
        .click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: /^Failed payment of \$[\d,]+\.\d\d$/ })).toBeVisible()
      await expect(dialog).toContainText(`${memberName}’s payment due`)

      await dialog.getByRole('button', { name: 'Retry now' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(
        /^The payment of \$[\d,]+\.\d\d failed again: [A-Z][a-z]/,
      )
      await expect(dialog.getByRole('alert')).not.toContainText('_')

      // Waive: a reason is required, then the member owes nothing for the period.
      await dialog.getByRole('button', { name: /^Waive \$/ }).click()
      await expect(dialog.getByText('Say why the payment is waived.')).toBeVisible()
      await dialog.getByLabel('Reason').fill('Card stolen, agreed at the desk')
      await dialog.getByLabel('Reason').press('Enter')
      await expect(page.getByText(/^Waived \$[\d,]+\.\d\d\. The member no longer owes it\.$/)).toBeVisible()
      await expect(dialog).toHaveCount(0)

      await page.goto(`${consoleUrl}/payments?status=waived&search=${encodeURIComponent(memberName)}`)
      const waived = page.getByRole('table', { name: 'Payments' }).locator('tbody tr').first()
      await expect(waived).toContainText('Waived')
      await expect(waived).toContainText(/Failed: [A-Z]/)
      await expect(waived.getByRole('button', { name: /^Fix/ })).toHaveCount(0)
      // The member's history says who waived it and why.
      await page.goto(`${consoleUrl}/payments?search=${encodeURIComponent(memberName)}`)
      await page
        .getByRole('table', { name: 'Payments' })
        .getByRole('link', { name: memberName })
        .first()
        .click()
      await page.getByRole('tab', { name: 'History' }).click()
      await expect(
        page.getByText(/Waived a failed payment of \$[\d,]+\.\d\d: Card stolen, agreed at the desk/),
      ).toBeVisible()
    })
  })

  test('a retry that declines again reloads the list under the dialog, and the dialog still names the same payment', async ({
    page,
  }) => {
    await inTurn(async () => {
      await signInStaff(page, 'owner@demo.gymbase.nz', { path: failedCardPayments })
      const table = page.getByRole('table', { name: 'Payments' })
      const fixButtons = table.getByRole('button', { name: /^Fix the failed payment/ })
      await expect(fixButtons.first()).toBeVisible()
      // A failure low on the page: the retry's new row (due today) lands above it when the list reloads.
      const fix = fixButtons.last()
      const label = (await fix.getAttribute('aria-label')) ?? ''
      const [, amount = '', due = ''] = label.match(/of (\$[\d,]+\.\d\d) due (.+)$/) ?? []
      expect(amount).not.toBe('')
      const row = table
        .locator('tbody tr')
        .filter({ has: page.getByRole('button', { name: label }) })
        .last()
      const memberName = (await row.getByRole('link').first().textContent())?.trim() ?? ''
      await fix.click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(`${memberName}’s payment due ${due}`)

      await dialog.getByRole('button', { name: 'Retry now' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(/failed again/)
      await expect(dialog.getByRole('heading', { name: `Failed payment of ${amount}` })).toBeVisible()
      await expect(dialog).toContainText(`${memberName}’s payment due ${due}`)
      // Waived, so the retry's new row does not stay the newest open failure for the tests after this.
      await dialog.getByLabel('Reason').fill('Agreed at the desk')
      await dialog.getByRole('button', { name: `Waive ${amount}` }).click()
      await expect(page.getByText(`Waived ${amount}. The member no longer owes it.`)).toBeVisible()
      await expect(dialog).toHaveCount(0)
    })
  })

  test('a member whose new card declines on the link is told the amount they pressed Pay for was not paid', async ({
    page,
    browser,
  }) => {
    await inTurn(async () => {
      const { member } = await memberOpensLink(page, browser)
      await member.page.getByRole('radio', { name: 'A new card' }).check({ force: true })
      // Saves, then every charge is declined.
      await enterCard(member.page, '4000 0000 0000 0341')
      await expect(member.page.getByRole('radio', { checked: true })).toHaveAccessibleName(/ending 0341/)
      const pay = member.page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ })
      const amount = (await pay.textContent())?.replace('Pay ', '') ?? ''
      await pay.click()
      await expect(
        member.page.getByText(`${amount} wasn’t paid: Card declined. Try another card or bank account.`),
      ).toBeVisible()
      await member.context.close()
    })
  })

  test('a member pays by the e-mailed link on their phone with a new card: balance cleared, grace ended, link used', async ({
    page,
    browser,
  }) => {
    await inTurn(async () => {
      const { memberName, member, email } = await memberOpensLink(page, browser, async (staff) => {
        await expect(staff.getByText(/^Owes \$/)).toBeVisible()
      })
      const paidSince = new Date()
      await expect(member.page.getByRole('heading', { name: 'Pay what you owe' })).toBeVisible()
      const owed = member.page.getByRole('region', { name: 'What you owe' })
      await expect(owed).toContainText('Declined:')
      await expect(member.page.getByText(/^Pay by .* to keep your membership/)).toBeVisible()
      await member.page.getByRole('radio', { name: 'A new card' }).check({ force: true })
      await expect(
        member.page.getByRole('checkbox', { name: 'Use this card for my future payments too' }),
      ).toBeChecked()
      await enterCard(member.page, '4242 4242 4242 4242')
      await expect(member.page.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked()
      const pay = member.page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ })
      const amount = (await pay.textContent())?.replace('Pay ', '') ?? ''
      await pay.click()
      await expect(member.page.getByRole('heading', { name: 'Thank you, you’re all paid up' })).toBeVisible()
      await expect(member.page.getByText(`We’ve taken ${amount} from Visa ending 4242`)).toBeVisible()
      // The receipt arrives, with the GST number and the GST in what was paid.
      const receipt = await waitForMail({ to: email, since: paidSince, subject: /^Your payment receipt$/ })
      expect(receipt.text).toContain(`We have received your payment of ${amount} from your Visa ending 4242`)
      expect(receipt.text).toContain('GST number 049-091-850')
      expect(receipt.text).toContain(`Total (GST inclusive): ${amount}`)
      const cents = Math.round(Number(amount.replace(/[$,]/g, '')) * 100)
      const gst = Math.floor((6 * cents + 23) / 46)
      expect(receipt.text).toContain(`Includes GST of $${(gst / 100).toFixed(2)} (15%)`)
      const width = await member.page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(390)

      // The link worked once.
      await member.page.reload()
      await expect(
        member.page.getByRole('heading', { name: 'This link has already been used' }),
      ).toBeVisible()
      await member.context.close()

      // The console: nothing owed, out of the grace period.
      await page.goto(`${consoleUrl}/members?search=${encodeURIComponent(memberName)}`)
      await page.getByRole('link', { name: memberName }).first().click()
      await expect(page.getByRole('heading', { level: 1, name: memberName })).toBeVisible()
      await expect(page.getByText(/^Owes \$/)).toHaveCount(0)
      await expect(page.getByText('In grace period')).toHaveCount(0)
    })
  })

  test('a member whose bank asks to approve each payment: refused, left mid-check by a reload, then approved and paid', async ({
    page,
    browser,
  }) => {
    await inTurn(async () => {
      const { member, email } = await memberOpensLink(page, browser)
      await member.page.getByRole('radio', { name: 'A new card' }).check({ force: true })
      // The test card whose bank wants the member's approval on every payment (3-D Secure).
      await enterCard(member.page, '4000 0027 6000 3184')
      // Kept for later payments too (the box is ticked): the demo member may have a 3184 card already.
      const newCard = member.page.getByRole('radio', {
        name: /^Visa ending 3184.*\(used for your payments now\)$/,
      })
      await expect(newCard).toBeChecked()
      const pay = member.page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ })
      const amount = (await pay.textContent())?.replace('Pay ', '') ?? ''

      // The bank's check, on the page: not approved is a decline in words, and the link still works.
      await pay.click()
      const check = member.page.getByRole('dialog', { name: 'Approve this payment' })
      await expect(check).toContainText(/approve a payment of \$[\d,]+\.\d\d to /)
      await expect(check).toContainText('from your Visa ending 3184')
      await check.getByRole('button', { name: 'Don’t approve' }).click()
      await expect(check).toHaveCount(0)
      await expect(
        member.page.getByText(
          `${amount} wasn’t paid: Not approved at the bank. Try another card or bank account.`,
        ),
      ).toBeVisible()

      // Reloaded while the check is open: the waiting charge is ended, and what is owed is owed again.
      await pay.click()
      await expect(check).toBeVisible()
      await member.page.reload()
      await expect(member.page.getByRole('heading', { name: 'Pay what you owe' })).toBeVisible()
      await expect(member.page.getByRole('region', { name: 'What you owe' })).toContainText(
        'Declined: Not approved at the bank',
      )
      await expect(newCard).toBeChecked()

      // Approved at once (each owed period's charge asks): paid, and the receipt says so.
      const paidSince = new Date()
      await member.page.getByRole('button', { name: `Pay ${amount}` }).click()
      const paid = member.page.getByRole('heading', { name: 'Thank you, you’re all paid up' })
      expect(await completeEachCheck(check, 'Approve', paid)).toBeGreaterThanOrEqual(1)
      await expect(member.page.getByText(`We’ve taken ${amount} from Visa ending 3184`)).toBeVisible()
      const receipt = await waitForMail({ to: email, since: paidSince, subject: /^Your payment receipt$/ })
      expect(receipt.text).toContain(`We have received your payment of ${amount} from your Visa ending 3184`)
      await member.page.reload()
      await expect(
        member.page.getByRole('heading', { name: 'This link has already been used' }),
      ).toBeVisible()
      await member.context.close()
    })
  })

  test('a member keeps a new card from the link without paying, and the desk’s retry now goes through', async ({
    page,
    browser,
  }) => {
    await inTurn(async () => {
      const { member } = await memberOpensLink(page, browser)
      await member.page.getByRole('radio', { name: 'A new card' }).check({ force: true })
      await enterCard(member.page, '5555 5555 5555 4444')
      await expect(
        member.page.getByRole('radio', { name: /^Mastercard ending 4444.*used for your payments now/ }),
      ).toBeChecked()
      await member.context.close()

      await page
        .getByRole('button', { name: /^Fix the failed payment/ })
        .first()
        .click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Retry now' }).click()
      await expect(
        page.getByText(/^\$[\d,]+\.\d\d paid\. The member owes nothing for this period now\.$/),
      ).toBeVisible()
      await expect(dialog).toHaveCount(0)
    })
  })

  test('a member pays by the link from a bank account they connect through their bank’s consent page', async ({
    page,
    browser,
  }) => {
    await inTurn(async () => {
      const { member } = await memberOpensLink(page, browser)
      await member.page.getByRole('radio', { name: 'A new bank account' }).check({ force: true })
      await member.page.getByRole('button', { name: 'Connect my bank' }).click()
      await expect(member.page.getByRole('heading', { name: 'Share an account with Gymbase?' })).toBeVisible()
      await member.page.locator('html[data-hydrated="true"]').waitFor()
      await member.page.getByRole('checkbox', { name: /Everyday/ }).check({ force: true })
      await member.page.getByRole('button', { name: 'Allow' }).click()
      // Back from the bank: the pay page again, the new account chosen.
      await expect(member.page).toHaveURL(/\/pay\?token=.*bank=connected/)
      await expect(member.page.getByRole('radio', { name: /^Everyday/ })).toBeChecked()
      await member.page
        .getByRole('checkbox', { name: 'Use this for my future payments too' })
        .check({ force: true })
      await member.page.getByRole('button', { name: /^Pay \$/ }).click()
      await expect(member.page.getByRole('heading', { name: 'Your payment is on its way' })).toBeVisible()
      await expect(member.page.getByText(/Bank payments usually clear within a day/)).toBeVisible()
      await member.context.close()
    })
  })

  test('a member on a slow phone ticks “A new card” before the pay page’s code has arrived: the choice is kept', async ({
    page,
    browser,
  }, testInfo) => {
    await inTurn(async () => {
      await signInStaff(page, 'owner@demo.gymbase.nz', { path: failedCardPayments })
      const { memberName } = await openFailure(page)
      const email = await memberEmail(page, memberName)
      await page.goBack()
      const link = await sendLink(page, email)
      const member = await memberPhone(browser)
      const step = await openBeforeLoad(member.page, link.toString())
      // The server drew the saved card ticked; the member ticks a new card before the code runs.
      await member.page.getByRole('radio', { name: 'A new card' }).check({ force: true })
      await step.expectNotLoaded()
      // The drawn circle follows the tick at once (the saved card's is drawn empty).
      const circle = (name: string | RegExp) =>
        member.page.locator('label', { hasText: name }).locator('[data-mark]')
      await expect(circle('A new card')).toHaveCSS('border-top-width', '6px')
      await expect(circle(/used for your payments now/)).toHaveCSS('border-top-width', '2px')
      const shot = testInfo.outputPath('pay-before-load-390.png')
      await member.page.screenshot({ path: shot, fullPage: true })
      await testInfo.attach('pay-before-load-390', { path: shot, contentType: 'image/png' })
      await step.release()
      // Once the code runs the new card is still the choice, and the page shows what goes with it.
      await expect(member.page.getByRole('radio', { name: 'A new card' })).toBeChecked()
      await expect(
        member.page.getByRole('checkbox', { name: 'Use this card for my future payments too' }),
      ).toBeChecked()
      await expect(member.page.getByLabel('Card number')).toBeVisible()
      await expect(member.page.getByText('Total by card')).toBeVisible()
      await member.context.close()
    })
  })

  test('an unknown or cut-short payment link says so in words', async ({ page }) => {
    await page.goto(`${joinUrl}/pay?token=${'x'.repeat(43)}`)
    await expect(page.getByRole('heading', { name: 'This link doesn’t work' })).toBeVisible()
    await expect(page.getByText(/ask the gym for a new one/)).toBeVisible()
    await page.goto(`${joinUrl}/pay`)
    await expect(page.getByRole('heading', { name: 'This link doesn’t work' })).toBeVisible()
  })
})
