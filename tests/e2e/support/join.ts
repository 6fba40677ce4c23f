import { expect, type Page } from '@playwright/test'
import { joinUrl } from '../../../playwright.config'
import { uniqueEmail } from './auth'
import { codeIn, waitForMail } from './mailbox'

/** The join flow's "About you", filled in as a person would, then Continue (it goes to the photo). */
export async function fillAboutYou(page: Page) {
  await expect(page).toHaveURL(`${joinUrl}/about-you`)
  await page.getByLabel('Street address').fill('12 Ponsonby Road')
  await page.getByLabel('City').fill('Auckland')
  await page.getByLabel('Post code').fill('1011')
  await page.getByLabel('Their name').fill('Mere Ngata')
  await page.getByLabel('How you know them').fill('Sister')
  await page.getByLabel('Their mobile').fill('021 555 0111')
  await page.getByRole('checkbox', { name: 'A friend' }).check({ force: true })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(`${joinUrl}/take-photo`)
}

/**
 * A new member through the join site's screens as a person fills them: the gym, the details, Join,
 * then (unless `confirm` is false) the e-mailed code from the test SMTP server. Returns the address.
 */
export async function signUpThroughScreens(
  page: Page,
  options: { gym: RegExp; name: string; prefix: string; confirm?: boolean },
): Promise<string> {
  const email = uniqueEmail(options.prefix)
  await page.goto(`${joinUrl}/`)
  await page.getByRole('link', { name: options.gym }).click()
  await page.getByLabel('Full name').fill(options.name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Mobile number').fill('021 555 0199')
  const dob = page.getByRole('group', { name: 'Date of birth' })
  await dob.getByLabel('Day').fill('3')
  await dob.getByLabel('Month').fill('4')
  await dob.getByLabel('Year').fill('1991')
  const since = new Date()
  await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  if (options.confirm === false) return email
  await page
    .getByLabel('Code', { exact: true })
    .fill(codeIn(await waitForMail({ to: email, since, subject: /confirm/i })))
  await page.getByRole('button', { name: 'Confirm' }).click()
  return email
}
