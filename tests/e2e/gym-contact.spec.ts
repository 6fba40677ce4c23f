import type { Page } from '@playwright/test'
import { joinUrl } from '../../playwright.config'
import { demoPassword, signInStaff, withLock } from './support/auth'
import { expect, test } from './support/test'

/** Ponsonby's contact as the demo seed sets it (`demoGymContacts` in seed-demo.server.ts). */
const seeded = {
  phone: '09 376 4120',
  email: 'ponsonby@demo.gymbase.nz',
  address: '112 Ponsonby Road, Ponsonby, Auckland 1011',
}

/** Opens Ponsonby's page in the console as the demo owner, an organisation admin. */
async function openPonsonby(page: Page) {
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
  await page.getByRole('link', { name: 'Ponsonby' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ponsonby' })).toBeVisible()
}

async function changeContact(page: Page, contact: { phone: string; email: string; address: string }) {
  await page.getByRole('button', { name: 'Change contact' }).click()
  const form = page.getByRole('form', { name: 'Gym contact' })
  await form.getByLabel('Phone').fill(contact.phone)
  await form.getByLabel('E-mail').fill(contact.email)
  await form.getByLabel('Address').fill(contact.address)
  await form.getByRole('button', { name: 'Save contact' }).click()
  await expect(form).toHaveCount(0)
}

/** The demo member's account page on the join site, in a browser of their own. */
async function memberAccount(page: Page) {
  const context = await page.context().browser()?.newContext()
  if (!context) throw new Error('No browser for the member')
  const member = await context.newPage()
  await member.goto(`${joinUrl}/login`)
  await member.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await member.getByLabel('E-mail').fill('member@demo.gymbase.nz')
  await member.getByLabel('Password', { exact: true }).fill(demoPassword)
  await member.getByRole('button', { name: 'Sign in' }).click()
  await expect(member).toHaveURL(`${joinUrl}/account`)
  return { member, close: () => context.close() }
}

test.describe('a gym’s contact for members', () => {
  test('the owner changes how members reach Ponsonby, in plain words when it is wrong, and the member sees it on their account @phone', async ({
    page,
  }) => {
    // One test at a time changes Ponsonby's contact; it is put back as seeded at the end.
    await withLock('ponsonby-contact', async () => {
      await openPonsonby(page)
      const facts = page.getByLabel('Contact for members', { exact: true })
      await expect(page.getByRole('heading', { name: 'Contact for members' })).toBeVisible()
      await expect(facts).toContainText(seeded.phone)
      await expect(facts).toContainText(seeded.email)
      await expect(facts).toContainText(seeded.address)

      // A wrong e-mail and phone are said under their fields, in words, and nothing is saved.
      await page.getByRole('button', { name: 'Change contact' }).click()
      const form = page.getByRole('form', { name: 'Gym contact' })
      await form.getByLabel('E-mail').fill('front desk at ponsonby')
      await form.getByLabel('Phone').fill('ring reception')
      await form.getByRole('button', { name: 'Save contact' }).click()
      await expect(
        form.getByText('Enter an e-mail address like hello@yourgym.co.nz, or leave it empty.'),
      ).toBeVisible()
      await expect(
        form.getByText('Enter a phone number with digits, spaces and + ( ) - only, up to 30 characters.'),
      ).toBeVisible()
      // The first field in error, the phone, is where the cursor goes.
      await expect(form.getByLabel('Phone')).toBeFocused()

      // Fixed, with the address cleared, and saved at once (Enter in the last field).
      await form.getByLabel('E-mail').fill('desk.ponsonby@demo.gymbase.nz')
      await form.getByLabel('Phone').fill('+64 9 376 0000')
      await form.getByLabel('Address').fill('')
      await form.getByLabel('Address').press('Enter')
      await expect(page.getByText('Ponsonby’s contact saved')).toBeVisible()
      await expect(form).toHaveCount(0)
      await expect(facts).toContainText('+64 9 376 0000')
      await expect(facts).toContainText('desk.ponsonby@demo.gymbase.nz')
      await expect(facts.getByRole('definition').filter({ hasText: 'Not given' })).toHaveCount(1)

      // The demo member, at Ponsonby, finds it on their account page.
      const { member, close } = await memberAccount(page)
      try {
        await expect(member.getByRole('heading', { name: 'Contact Ponsonby' })).toBeVisible()
        await expect(member.getByRole('link', { name: '+64 9 376 0000' })).toHaveAttribute(
          'href',
          'tel:+6493760000',
        )
        await expect(member.getByRole('link', { name: 'desk.ponsonby@demo.gymbase.nz' })).toHaveAttribute(
          'href',
          'mailto:desk.ponsonby@demo.gymbase.nz',
        )
        await expect(member.getByText(seeded.address)).toHaveCount(0)
      } finally {
        await close()
      }

      // Put back as seeded, through the same form.
      await changeContact(page, seeded)
      await expect(facts).toContainText(seeded.address)
      await expect(facts.getByRole('definition').filter({ hasText: 'Not given' })).toHaveCount(0)
    })
  })
})
