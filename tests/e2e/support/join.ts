import { expect, type Page } from '@playwright/test'
import { joinUrl } from '../../../playwright.config'
import { uniqueEmail } from './auth'
import { codeIn, waitForMail } from './mailbox'

/**
 * The join flow's "About you", filled in as a person would, then Continue (it goes to the photo).
 * `base`: another server's join site (the Stripe card step's own server).
 */
export async function fillAboutYou(page: Page, base = joinUrl) {
  await expect(page).toHaveURL(`${base}/about-you`)
  await page.getByLabel('Street address').fill('12 Ponsonby Road')
  await page.getByLabel('City').fill('Auckland')
  await page.getByLabel('Post code').fill('1011')
  await page.getByLabel('Their name').fill('Mere Ngata')
  await page.getByLabel('How you know them').fill('Sister')
  await page.getByLabel('Their mobile').fill('021 555 0111')
  await page.getByRole('checkbox', { name: 'A friend' }).check({ force: true })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(`${base}/take-photo`)
}

/**
 * A new member through the join site's screens as a person fills them: the gym, the details, Join,
 * then (unless `confirm` is false) the e-mailed code from the test SMTP server. Returns the address.
 */
export async function signUpThroughScreens(
  page: Page,
  options: { gym: RegExp; name: string; prefix: string; confirm?: boolean; base?: string },
): Promise<string> {
  const email = uniqueEmail(options.prefix)
  await page.goto(`${options.base ?? joinUrl}/`)
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

/** The photo step with the fake camera: capture, then send; it goes on to choosing how to pay. */
export async function takePhoto(page: Page, base = joinUrl) {
  await expect(page).toHaveURL(`${base}/take-photo`)
  await page.getByRole('button', { name: 'Use the camera' }).click()
  await page.getByRole('button', { name: 'Take photo' }).click()
  await page.getByRole('button', { name: 'Use this photo' }).click()
  await expect(page).toHaveURL(`${base}/choose-payment-method`)
}

/** Bank account → the sandbox bank's consent → Allow with the accounts named → back, connected. */
export async function connectSandboxBank(page: Page, accounts: RegExp[] = [/Everyday/]) {
  await page.getByRole('button', { name: /Connect my bank|Try again/ }).click()
  await expect(page.getByRole('heading', { name: 'Share an account with Gymbase?' })).toBeVisible()
  // The sandbox bank stands in for another company's page, reached by a full page load.
  await page.locator('html[data-hydrated="true"]').waitFor()
  for (const account of accounts) {
    await page.getByRole('checkbox', { name: account }).check({ force: true })
  }
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect(page).toHaveURL(`${joinUrl}/bank-account-connected`)
}

/** The sandbox card form, filled as autofill would, then Save card. */
export async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry').fill('12 / 30')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: 'Save card' }).click()
}

/** confirm-subscription: type the name, tick, then Confirm (pressed twice at once when `twice`). */
export async function acceptAndConfirm(
  page: Page,
  name: string,
  options: { twice?: boolean; base?: string } = {},
) {
  await expect(page).toHaveURL(`${options.base ?? joinUrl}/confirm-subscription`)
  await page.getByLabel('Type your full name to accept').fill(name)
  await page.getByRole('checkbox', { name: /may take these payments/ }).check({ force: true })
  const confirm = page.getByRole('button', { name: /^Confirm/ })
  if (options.twice) await confirm.dblclick()
  else await confirm.click()
}
