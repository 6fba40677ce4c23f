import type { Page } from '@playwright/test'
import { consoleUrl } from '../../playwright.config'
import { signInStaff, uniqueEmail } from './support/auth'
import { linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** A page of a second browser (the invited person's): opened once React has taken the page over. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.waitForLoadState('networkidle')
}

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('button', { name: field }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The owner invites someone with a role at Ponsonby; answers their address and name. */
async function invite(page: Page, options: { name: string; role: 'Admin' | 'Personal Trainer' }) {
  const email = uniqueEmail('staff')
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/staff' })
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  await page.getByRole('button', { name: 'Invite staff' }).click()
  const form = page.getByRole('form', { name: 'Invite a staff member' })
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Name').fill(options.name)
  // Sent without a role first: SPEC §5's words.
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(form.getByText('Value is required')).toBeVisible()
  await choose(page, /Role$/, 'A role at each gym')
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(form.getByText('Give them a role at one gym at least')).toBeVisible()
  await choose(page, /Ponsonby$/, options.role)
  const since = new Date()
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('heading', { level: 1, name: options.name })).toBeVisible()
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  return { email, since }
}

test.describe('staff', () => {
  test.describe.configure({ timeout: 120_000 })

  test('an owner invites a trainer who sets a password from the e-mail; roles change what they see; deactivating signs them out', async ({
    page,
    browser,
  }) => {
    const name = `Tama Trainer ${Date.now().toString(36)}`
    const { email, since } = await invite(page, { name, role: 'Personal Trainer' })
    await expect(page.getByText('Invited', { exact: true })).toBeVisible()
    await expect(page.getByText('Ponsonby · Personal Trainer')).toBeVisible()

    // The invited person, in a browser of their own, follows the e-mail's link.
    const mail = await waitForMail({ to: email, since, subject: /invited to join/i })
    const link = linkIn(mail)
    expect(link.pathname).toBe('/set-password')
    const theirs = await browser.newContext()
    const trainer = await theirs.newPage()
    await openHydrated(trainer, link.href)
    await trainer.getByLabel('New password', { exact: true }).fill('my own staff passphrase')
    await trainer.getByLabel('Repeat the new password').fill('my own staff passphrase')
    await trainer.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(trainer).toHaveURL(`${consoleUrl}/dashboard`)
    await expect(navigation(trainer).getByRole('link', { name: 'Members' })).toBeVisible()
    // A personal trainer runs no money.
    await expect(navigation(trainer).getByRole('link', { name: 'Payments' })).toBeHidden()

    // The owner sees them active, and makes them Ponsonby's admin.
    await page.goto(page.url())
    await expect(page.getByText('Active', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Change roles' }).click()
    const roles = page.getByRole('form', { name: 'Roles' })
    await choose(page, /Ponsonby$/, 'Admin')
    await roles.getByRole('button', { name: 'Save roles' }).click()
    await expect(page.getByText(`${name}’s roles are saved.`)).toBeVisible()
    await expect(page.getByText('Ponsonby · Admin')).toBeVisible()

    // Their console, opened again, has Payments: Ponsonby's money is theirs to run now.
    await openHydrated(trainer, `${consoleUrl}/members`)
    await expect(trainer.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
    await navigation(trainer).getByRole('link', { name: 'Payments' }).click()
    await expect(trainer.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()

    // Deactivated: confirmed in a dialog that says what happens, and their open browser is signed out.
    await page.getByRole('button', { name: 'Deactivate' }).click()
    const dialog = page.getByRole('alertdialog', { name: `Deactivate ${name}?` })
    await expect(dialog).toContainText('will be signed out everywhere at once')
    await dialog.getByRole('button', { name: 'Deactivate' }).click()
    await expect(page.getByText(`${name} is deactivated and has been signed out everywhere.`)).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Staff' }).getByRole('link', { name })).toBeHidden()

    await navigation(trainer).getByRole('link', { name: 'Visits' }).click()
    await expect(trainer).toHaveURL(/\/login/)
    await trainer.getByLabel('E-mail').fill(email)
    await trainer.getByLabel('Password', { exact: true }).fill('my own staff passphrase')
    await trainer.getByRole('button', { name: 'Sign in' }).click()
    await expect(trainer.getByText('These credentials do not match our records.')).toBeVisible()
    await expect(trainer).toHaveURL(/\/login/)
    await theirs.close()
  })

  test('a resend straight after the invitation is refused in words', async ({ page }) => {
    const name = `Rua Resend ${Date.now().toString(36)}`
    const { email } = await invite(page, { name, role: 'Admin' })
    await page.getByRole('button', { name: 'Resend invitation' }).click()
    await expect(
      page.getByText(
        new RegExp(
          `^An invitation went to ${email.replace(/[.+]/g, '\\$&')} a moment ago\\. You can send another in \\d+ (seconds?|minutes?)\\.$`,
        ),
      ),
    ).toBeVisible()
    // It is listed as invited.
    await page.goto(`${consoleUrl}/staff?status=invited`)
    await expect(page.getByRole('table', { name: 'Staff' }).getByRole('link', { name })).toBeVisible()
  })
})
