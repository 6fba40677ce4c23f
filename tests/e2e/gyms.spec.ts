import { randomInt } from 'node:crypto'
import sharp from 'sharp'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { testBankAccountNumber } from '../factories/bank-account'
import { signInStaff } from './support/auth'
import { addGym, openStaffList } from './support/console'
import {
  acceptAndConfirm,
  connectSandboxBank,
  fillAboutYou,
  signUpThroughScreens,
  takePhoto,
} from './support/join'
import { waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

test.describe('gyms', () => {
  test('an owner finds each gym’s members, staff, their role and how its money is set up, and opens one', async ({
    page,
  }) => {
    const table = await openStaffList(page, {
      path: '/gyms',
      name: 'Gyms',
      columns: ['Gym', 'Members', 'Staff', 'Your role', 'Card payments', 'Bank payments into'],
    })
    const ponsonby = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ponsonby' }) })
    await expect(ponsonby.getByRole('cell').nth(0)).toHaveText(/^[\d,]+$/)
    expect(
      Number((await ponsonby.getByRole('cell').nth(0).textContent())?.replace(/,/g, '')),
    ).toBeGreaterThan(0)
    // Bank account numbers are masked.
    await expect(ponsonby).toContainText('•')
    await ponsonby.getByRole('link', { name: 'Ponsonby' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ponsonby' })).toBeVisible()
    await expect(page.getByText('Card payments', { exact: true })).toBeVisible()
    // Which provider its cards, bank payments and doors go through, and whether live (issue 26).
    const providers = page.getByLabel('Providers', { exact: true })
    await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible()
    await expect(providers.getByText('Sandbox, test: no real door opens')).toBeVisible()
    await expect(providers.getByText('Sandbox, test: no real money moves')).toHaveCount(2)
    // Its members, one click away.
    await page.getByRole('link', { name: /^[\d,]+ members?$/ }).click()
    await expect(page).toHaveURL(new RegExp(`${consoleUrl}/members\\?gym_id=\\d+`))
  })

  test('an owner changes where a gym’s bank payments go: the repeat must match and the number must be real', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await page.getByRole('link', { name: 'Takapuna' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Takapuna' })).toBeVisible()
    await page.getByRole('button', { name: 'Change bank account' }).click()
    const form = page.getByRole('form', { name: 'Bank account' })
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000000-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000000-01')
    await form.getByRole('button', { name: 'Save bank account' }).click()
    await expect(form.getByText('The value must be equal to the other value')).toBeVisible()
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000001-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000001-00')
    await form.getByLabel('Bank account number again').press('Enter')
    await expect(
      form.getByText('This is not a valid account number. Check it against a bank statement.'),
    ).toBeVisible()
    await form.getByLabel('Bank account number', { exact: true }).fill('12-3140-2000000-00')
    await form.getByLabel('Bank account number again').fill('12-3140-2000000-00')
    await form.getByRole('button', { name: 'Save bank account' }).click()
    await expect(page.getByText('Bank payments will be paid into the new account.')).toBeVisible()
    await expect(page.getByText('12-••••-•••••00-00')).toBeVisible()
  })

  test('an owner adds a gym with its bank account and lands on its page', async ({ page }) => {
    const name = `Mt Eden ${Date.now().toString(36)}`
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await addGym(page, { name, accountName: 'Mt Eden account', account: '12-3140-2000019-00' })
    await expect(page.getByText('12-••••-•••••19-00')).toBeVisible()
    // Not on the join site until it has a price on sale (issue 25), and the page says so in words.
    await expect(page.getByRole('status').filter({ hasText: 'Not on the join site yet' })).toContainText(
      `Add a price on sale at this gym. Until then people can’t find ${name} on the join site or sign up there.`,
    )
    // Its day in Gymbase is New Zealand's.
    const today = new Intl.DateTimeFormat('en-NZ', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Pacific/Auckland',
    }).format(new Date())
    await expect(page.getByText(`Opened in Gymbase on ${today}.`)).toBeVisible()
    await page.goto(`${consoleUrl}/gyms`)
    await expect(page.getByRole('table', { name: 'Gyms' }).getByRole('link', { name })).toBeVisible()
    await page.goto(`${joinUrl}/`)
    await expect(page.getByRole('link', { name: /Ponsonby/ })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0)
  })

  test('an owner uploads a gym’s logo, is told in words why a file is refused, and the join site shows it', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await page.getByRole('link', { name: 'Ponsonby' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ponsonby' })).toBeVisible()
    const upload = page.getByRole('button', { name: /^(Upload|Change) logo$/ })
    // A text file named like a picture: refused by its content, with the reason.
    const chooser = page.waitForEvent('filechooser')
    await upload.click()
    await (await chooser).setFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    })
    await expect(page.getByRole('alert')).toHaveText(
      'That file isn’t an image we can read. Choose a PNG, JPEG or WebP logo (SVG isn’t accepted).',
    )
    const logo = await sharp({
      create: { width: 600, height: 300, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const second = page.waitForEvent('filechooser')
    await upload.click()
    await (await second).setFiles({ name: 'ponsonby.png', mimeType: 'image/png', buffer: logo })
    await expect(page.getByText('Ponsonby’s logo is saved.')).toBeVisible()
    await expect(page.getByText(/That file isn’t an image/)).toHaveCount(0)
    const shown = page.getByRole('img', { name: 'Ponsonby’s logo' })
    await expect(shown).toHaveAttribute('src', /^\/api\/gym-logos\/[0-9a-f-]{36}\?v=/)
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512)
    // On the gyms list, and where a person chooses their gym on the join site.
    await page.getByRole('link', { name: 'Gyms', exact: true }).first().click()
    const row = page.getByRole('table', { name: 'Gyms' }).getByRole('row').filter({ hasText: 'Ponsonby' })
    await expect(row.locator('img[src^="/api/gym-logos/"]')).toBeVisible()
    await page.goto(`${joinUrl}/`)
    const choice = page.getByRole('link', { name: /Ponsonby/ })
    await expect(choice.locator('img[src^="/api/gym-logos/"]')).toBeVisible()
  })

  test('an owner connects a new gym’s card payments through the sandbox onboarding', async ({ page }) => {
    const name = `Onehunga ${Date.now().toString(36)}`
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    const account = testBankAccountNumber({ index: randomInt(1000, 9000), suffix: '00' })
    await addGym(page, { name, accountName: `${name} account`, account })
    const gymPage = page.url()
    await expect(page.getByText('Not connected')).toBeVisible()

    // Leaving the provider's page first: nothing is connected, and the way on is offered.
    await page.getByRole('button', { name: 'Connect card payments' }).click()
    await expect(page.getByRole('heading', { name: 'Set up card payments' })).toBeVisible()
    await page.locator('html[data-hydrated="true"]').waitFor()
    await page.getByRole('button', { name: 'Return to Gymbase without submitting' }).click()
    await expect(
      page.getByText(`You left before finishing, so card payments aren’t connected for ${name} yet.`),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Carry on connecting' }).click()

    await expect(page.getByRole('heading', { name: 'Set up card payments' })).toBeVisible()
    await page.locator('html[data-hydrated="true"]').waitFor()
    await expect(page.getByLabel('Business name')).toHaveValue(name)
    await page.getByLabel('Business e-mail').fill('not an address')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await expect(page.getByText('Value is not a valid email address')).toBeVisible()
    await page.getByLabel('Business e-mail').fill('accounts@onehunga.example')
    await page.getByRole('button', { name: 'Submit', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${consoleUrl}/stripe/callback\\?state=`))
    await expect(page.getByText(`Card payments are connected for ${name}.`)).toBeVisible()
    // The callback's address works once: going back to it is refused in words.
    await page.reload()
    await expect(page.getByRole('alert')).toContainText('expired or was already used')
    await page.goto(gymPage)
    await expect(page.getByText('Connected', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect card payments' })).toHaveCount(0)
  })

  test('changing a gym’s bank account tells its members who pay by bank, who can reconnect', async ({
    page,
  }) => {
    // A whole journey over both sites (joining by bank, the owner's change, the e-mail, reconnecting):
    // 45–58 s on a loaded machine, so it has three times the usual minute.
    test.slow()
    // A member who pays Newmarket by bank, joined through the screens. The member's session is the join
    // site's and the owner's the console's, so one browser holds both, in two tabs.
    const member = page
    const memberName = `Payee Member ${Date.now().toString(36)}`
    const email = await signUpThroughScreens(member, { gym: /Newmarket/, name: memberName, prefix: 'payee' })
    await fillAboutYou(member)
    await takePhoto(member)
    await member.getByRole('link', { name: /^Bank account/ }).click()
    await connectSandboxBank(member)
    await member.getByRole('button', { name: 'Continue' }).click()
    await member.getByRole('radio').first().check({ force: true })
    await acceptAndConfirm(member, memberName)
    await expect(member).toHaveURL(`${joinUrl}/welcome-to-gym`)

    // The owner in a second tab (the member's tab may still be loading its photo's preview).
    const staff = await page.context().newPage()
    await signInStaff(staff, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await staff.getByRole('link', { name: 'Newmarket' }).click()
    await staff.getByRole('button', { name: 'Change bank account' }).click()
    const form = staff.getByRole('form', { name: 'Bank account' })
    // Said beforehand: how many members will be told.
    await expect(form.getByTestId('bank-payers-notice')).toContainText(
      /If the number changes, [\d,]+ members? who pays? by bank will be e-mailed/,
    )
    const number = testBankAccountNumber({ index: randomInt(1000, 9000), suffix: '00' })
    const since = new Date()
    await form.getByLabel('Bank account number', { exact: true }).fill(number)
    await form.getByLabel('Bank account number again').fill(number)
    await form.getByRole('button', { name: 'Save bank account' }).click()
    await expect(staff.getByText(/by bank (was|were) e-mailed to reconnect their bank/)).toBeVisible()

    const mail = await waitForMail({ to: email, since, subject: /reconnect your bank/ })
    expect(mail.subject).toBe('Newmarket: please reconnect your bank for your membership payments')
    const link = mail.text.match(/Reconnect your bank: (\S+)/)?.[1] ?? ''
    expect(link).toBe(`${joinUrl}/connect-akahu`)
    // The member's way back: the e-mail's link, their bank again, and the request is gone.
    await member.goto(link)
    await expect(member.getByText(/Your gym now receives payments into a new bank account/)).toBeVisible()
    await connectSandboxBank(member)
    await member.goto(`${joinUrl}/welcome-to-gym`)
    await expect(member.getByRole('heading', { name: /^Welcome to Newmarket/ })).toBeVisible()
    await expect(member.getByText(/reconnect your bank/)).toHaveCount(0)
  })
})
