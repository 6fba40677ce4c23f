import { readFileSync } from 'node:fs'
import type { Download, Page } from '@playwright/test'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { pdfText } from '../integration/support/pdf-text'
import { signInStaff, withLock } from './support/auth'
import { acceptAndConfirm, enterCard, fillAboutYou, signUpThroughScreens, takePhoto } from './support/join'
import { linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

/**
 * The account's payments and papers (issue 28) on a 390 px phone, at a person's speed: a member who has
 * just joined sees their first payment, and downloads its GST receipt and their agreement; a member in
 * the failed-payment grace period pays what they owe from their account with an impatient double press
 * and, back on their account, sees it all paid and no grace period.
 */

test.use({ permissions: ['camera'], viewport: { width: 390, height: 844 } })

/** The file a download saved, as bytes. */
async function downloaded(download: Download) {
  const path = await download.path()
  return new Uint8Array(readFileSync(path))
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
}

test.describe('the account’s payments and papers', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a new member sees their first payment paid, and downloads its tax receipt and their agreement @phone', async ({
    page,
  }) => {
    const name = `Papers Joiner ${Date.now().toString(36)}`
    await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'account-papers' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.goto(`${joinUrl}/card-details`)
    await enterCard(page, '4242424242424242')
    await expect(page.getByRole('heading', { name: 'Card saved' })).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, name)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)

    await page.goto(`${joinUrl}/account/payments`)
    await expect(page.getByRole('heading', { level: 1, name: 'Payments and papers' })).toBeVisible()
    await expect(page.getByText('You owe nothing now: your membership is paid up.')).toBeVisible()
    const payments = page.getByRole('region', { name: 'Your payments' })
    const first = payments.getByRole('listitem').first()
    await expect(first).toContainText('Paid')
    await expect(first).toContainText(/Paid on \w{3} \d{1,2} \w{3} \d{4} by Visa ending 4242/)
    await expectNoSidewaysScroll(page)

    // The receipt downloads (the phone keeps the page): a tax invoice with the gym's GST number.
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      first.getByRole('link', { name: /^Receipt for \$[\d,]+\.\d\d paid for / }).click(),
    ])
    expect(receipt.suggestedFilename()).toMatch(/^receipt-R-\d+\.pdf$/)
    const receiptText = pdfText(await downloaded(receipt))
    expect(receiptText[0]).toBe('Tax invoice/receipt')
    expect(receiptText).toContain('GST number 049-091-850')
    expect(receiptText).toContain('Demo Fitness Limited')
    expect(receiptText.join('\n')).toMatch(/Includes GST of \$[\d,]+\.\d\d \(15%\)/)
    await expect(page.getByRole('heading', { level: 1, name: 'Payments and papers' })).toBeVisible()

    const [agreement] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Your membership agreement (PDF)' }).click(),
    ])
    expect(agreement.suggestedFilename()).toBe('membership-agreement.pdf')
    const agreementText = pdfText(await downloaded(agreement)).join('\n')
    expect(agreementText).toContain(`Accepted by ${name}`)
  })

  test('a member in their grace period pays what they owe from their account, pressing twice, and sees it cleared @phone', async ({
    page,
    browser,
  }) => {
    // The demo's members in their grace period are shared with the failed-payments tests: take turns.
    await withLock(
      'payments-list',
      async () => {
        // Staff, at their desk, find a member whose bank payment failed (the card failures are the
        // failed-payments and next-charge tests' own), and their address.
        const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-NZ' })
        const staff = await desk.newPage()
        await signInStaff(staff, 'owner@demo.gymbase.nz', { path: '/payments?status=failed&type=bank' })
        await staff.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
        await staff.waitForLoadState('networkidle')
        const table = staff.getByRole('table', { name: 'Payments' })
        const fixable = table
          .locator('tbody tr')
          .filter({ has: staff.getByRole('button', { name: /^Fix the failed payment/ }) })
          .first()
        await expect(fixable).toBeVisible()
        const memberName = (await fixable.getByRole('link').first().textContent())?.trim() ?? ''
        expect(memberName).not.toBe('')
        await staff.goto(
          `${consoleUrl}/payments?status=failed&type=bank&search=${encodeURIComponent(memberName)}`,
        )
        await staff.waitForLoadState('networkidle')
        await table.getByRole('link', { name: memberName }).first().click()
        await expect(staff.getByRole('heading', { level: 1, name: memberName })).toBeVisible({
          timeout: 20_000,
        })
        await staff.getByRole('tab', { name: 'Overview' }).click()
        const email = (await staff.locator('a[href^="mailto:"]').first().textContent())?.trim() ?? ''
        expect(email).toContain('@')

        // The member, on their phone, sets a password (demo members have none) and signs in.
        const phone = page
        await phone.goto(`${joinUrl}/forgot-password`)
        const since = new Date()
        await phone.getByLabel('E-mail').fill(email)
        await phone.getByRole('button', { name: 'Send reset link' }).click()
        await expect(phone.getByText(/If that address has an account/)).toBeVisible()
        const reset = linkIn(await waitForMail({ to: email, since, subject: /reset/i }))
        await phone.goto(reset.href)
        await phone.getByLabel('New password', { exact: true }).fill('a long enough passphrase')
        await phone.getByLabel('Repeat the new password').fill('a long enough passphrase')
        await phone.getByRole('button', { name: 'Change password' }).click()
        await expect(phone).toHaveURL(/\/login\?notice=/)
        await phone.getByLabel('E-mail').fill(email)
        await phone.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
        await phone.getByRole('button', { name: 'Sign in' }).click()
        await expect(phone).not.toHaveURL(/\/login/)

        await phone.goto(`${joinUrl}/account/payments`)
        const owed = phone.getByRole('region', { name: /^You owe \$/ })
        await expect(owed).toBeVisible()
        await expect(owed).toContainText(/Pay by .* to keep your membership/)
        const owedPeriods = await owed.getByRole('listitem').count()
        expect(owedPeriods).toBeGreaterThan(0)
        await expectNoSidewaysScroll(phone)

        // Pay now, pressed twice in a hurry: one pay page of their own.
        await owed.getByRole('button', { name: 'Pay now' }).dblclick()
        await expect(phone).toHaveURL(/\/pay\?token=/)
        await expect(phone.getByRole('heading', { name: 'Pay what you owe' })).toBeVisible()
        await expect(phone.getByRole('link', { name: 'Back to your account' })).toBeVisible()

        // A new card, then Pay pressed twice in a hurry.
        const paidSince = new Date()
        await phone.getByRole('radio', { name: 'A new card' }).check({ force: true })
        await enterCard(phone, '4242 4242 4242 4242')
        await expect(phone.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked()
        const pay = phone.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ })
        const amount = (await pay.textContent())?.replace('Pay ', '') ?? ''
        await pay.dblclick()
        await expect(phone.getByRole('heading', { name: 'Thank you, you’re all paid up' })).toBeVisible()
        await expect(phone.getByText(`We’ve taken ${amount} from Visa ending 4242`)).toBeVisible()
        const receipt = await waitForMail({ to: email, since: paidSince, subject: /^Your payment receipt$/ })
        expect(receipt.text).toContain(
          `We have received your payment of ${amount} from your Visa ending 4242`,
        )

        // Back on their account at once: nothing owed, no grace period, each owed period paid once.
        await phone.getByRole('link', { name: 'Back to your account' }).click()
        await expect(phone.getByRole('heading', { level: 1, name: 'Payments and papers' })).toBeVisible()
        await expect(phone.getByText('You owe nothing now: your membership is paid up.')).toBeVisible()
        await expect(phone.getByText(/to keep your membership/)).toHaveCount(0)
        const list = phone.getByRole('region', { name: 'Your payments' })
        await expect(list.getByText(/^Paid on .* by Visa ending 4242$/)).toHaveCount(owedPeriods)
        await expect(list.getByText(/^Failed \(.*\), then paid on /).first()).toBeVisible()
        await expectNoSidewaysScroll(phone)

        // Staff see it too.
        await staff.reload()
        await expect(staff.getByRole('heading', { level: 1, name: memberName })).toBeVisible()
        await expect(staff.getByText(/^Owes \$/)).toHaveCount(0)
        await expect(staff.getByText('In grace period')).toHaveCount(0)
        await desk.close()
      },
      { waitMs: 170_000 },
    )
  })
})
