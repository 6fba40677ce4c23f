import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { joinUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import {
  acceptAndConfirm,
  connectSandboxBank,
  fillAboutYou,
  signUpThroughScreens,
  takePhoto,
} from './support/join'
import { linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

/**
 * The member's own details on their account (issue 28, point 7), on a phone at a person's speed: each
 * button pressed right after typing. One member joins through the screens in the first test; the
 * others go on as that member (the same session), in order, signing out everywhere last.
 */
test.describe
  .serial('your details on your account (issue 28)', () => {
    let cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>> = []
    let email = ''
    const name = `Details Person ${Date.now().toString(36)}`

    async function asTheMember(page: Page) {
      await page.context().addCookies(cookies)
      await page.goto(`${joinUrl}/account/details`)
      await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible()
    }

    test('a member edits their contact details and saves; the page shows them at once and after a reload @phone', async ({
      page,
    }) => {
      test.setTimeout(180_000)
      email = await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix: 'details' })
      await fillAboutYou(page)
      await takePhoto(page)
      await page.getByRole('link', { name: /^Bank account/ }).click()
      await connectSandboxBank(page)
      await page.getByRole('button', { name: 'Continue' }).click()
      await acceptAndConfirm(page, name.toLowerCase())
      await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
      cookies = await page.context().cookies()

      await page.goto(`${joinUrl}/account/details`)
      await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible()
      const contact = page.getByRole('form', { name: 'Contact details' })
      await expect(contact.getByLabel('Street address')).toHaveValue('12 Ponsonby Road')
      await contact.getByLabel('Mobile', { exact: true }).fill('022 555 0177')
      await contact.getByLabel('Street address').fill('7 Karangahape Road')
      await contact.getByLabel('Their name').fill('Hemi Ngata')
      await contact.getByLabel('How you know them').fill('Brother')
      await contact.getByRole('button', { name: 'Save contact details' }).click()
      await expect(page.getByText('Your contact details are saved.')).toBeVisible()
      // A wrong post code is said under its field, in "About you"'s words.
      await contact.getByLabel('Post code').fill('10')
      await contact.getByRole('button', { name: 'Save contact details' }).click()
      await expect(contact.getByText('Enter the 4-digit post code.')).toBeVisible()
      await page.reload()
      await expect(contact.getByLabel('Street address')).toHaveValue('7 Karangahape Road')
      await expect(contact.getByLabel('Mobile', { exact: true })).toHaveValue('022 555 0177')
      await expect(contact.getByLabel('Their name')).toHaveValue('Hemi Ngata')
    })

    test('changes their e-mail address end to end: a link to the new address, the old one told, confirmed from the mail @phone', async ({
      page,
    }) => {
      await asTheMember(page)
      const newEmail = email.replace('@', '.new@')
      const since = new Date()
      const form = page.getByRole('form', { name: 'Change your e-mail address' })
      await form.getByLabel('New e-mail address').fill(newEmail)
      await form.getByLabel('Your password').fill('not my password')
      await form.getByRole('button', { name: 'Send a confirmation link' }).click()
      await expect(form.getByText('That password is not right.')).toBeVisible()
      await form.getByLabel('Your password').fill('a long enough passphrase')
      await form.getByRole('button', { name: 'Send a confirmation link' }).click()
      await expect(page.getByText(`Waiting for you to confirm ${newEmail}`)).toBeVisible()

      const told = await waitForMail({ to: email, since, subject: /new sign-in address was asked/ })
      expect(told.text).toContain(newEmail)
      expect(told.text).not.toMatch(/https?:\/\//)
      const confirmMail = { to: newEmail, since, subject: /Confirm your new e-mail address/ }
      const first = linkIn(await waitForMail(confirmMail))
      // Sent again: the newest link is the one that works.
      await page.getByRole('button', { name: 'Send the link again' }).click()
      await expect(page.getByText('We sent the link again.')).toBeVisible()
      let link = first
      await expect
        .poll(async () => {
          link = linkIn(await waitForMail(confirmMail))
          return link.searchParams.get('token')
        })
        .not.toBe(first.searchParams.get('token'))
      await page.goto(link.toString())
      await page.screenshot({ path: test.info().outputPath('confirm-email.png') })
      await page.getByRole('button', { name: 'Confirm my new address' }).click()
      await expect(page.getByRole('heading', { name: 'Your e-mail address is changed' })).toBeVisible()
      await page.getByRole('link', { name: 'Go to your account' }).click()
      await expect(page.getByText(`Signed in as ${newEmail}.`)).toBeVisible()
      email = newEmail
    })

    test('sends the link again five times an hour, then says when it can go again @phone', async ({
      page,
    }) => {
      await asTheMember(page)
      const other = email.replace('@', '.again@')
      const form = page.getByRole('form', { name: 'Change your e-mail address' })
      await form.getByLabel('New e-mail address').fill(other)
      await form.getByLabel('Your password').fill('a long enough passphrase')
      await form.getByRole('button', { name: 'Send a confirmation link' }).click()
      await expect(page.getByText(`Waiting for you to confirm ${other}`)).toBeVisible()
      const again = page.getByRole('button', { name: 'Send the link again' })
      for (let press = 1; press <= 5; press += 1) {
        await again.click()
        await expect(page.getByText('We sent the link again.')).toBeVisible()
      }
      await again.click()
      await expect(page.getByText(`The link has gone to ${other} several times this hour.`)).toBeVisible()
      await expect(page.getByText('We sent the link again.')).toBeHidden()
      await page.getByRole('button', { name: 'Keep my current address' }).click()
      await expect(form.getByLabel('New e-mail address')).toBeVisible()
    })

    test('changes their password with the current one @phone', async ({ page }) => {
      await asTheMember(page)
      const form = page.getByRole('form', { name: 'Change your password' })
      await form.getByLabel('Current password').fill('a long enough passphrase')
      await form.getByLabel('New password', { exact: true }).fill('short')
      await form.getByRole('button', { name: 'Change password' }).click()
      await expect(form.getByText('Use at least 8 characters')).toBeVisible()
      await form.getByLabel('New password', { exact: true }).fill('another long passphrase')
      await form.getByLabel('New password again').fill('another long passphrase')
      await form.getByRole('button', { name: 'Change password' }).click()
      await expect(
        page.getByText('Your password is changed. Your other devices are signed out.'),
      ).toBeVisible()
      await expect(form.getByLabel('Current password')).toHaveValue('')
    })

    test('downloads everything Gymbase holds about them, as JSON and as CSV @phone', async ({ page }) => {
      await asTheMember(page)
      await page.screenshot({ path: test.info().outputPath('details-phone.png'), fullPage: true })
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download (JSON)' }).click(),
      ])
      expect(json.suggestedFilename()).toMatch(/^gymbase-your-data-\d{4}-\d{2}-\d{2}\.json$/)
      const data = JSON.parse(readFileSync(await json.path(), 'utf8'))
      expect(data.profile[0]).toMatchObject({ email, name, address: '7 Karangahape Road' })
      expect(data.memberships).toHaveLength(1)
      expect(data.agreements[0].text.length).toBeGreaterThan(100)
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download for a spreadsheet (CSV)' }).click(),
      ])
      expect(csv.suggestedFilename()).toMatch(/\.csv$/)
      const file = readFileSync(await csv.path(), 'utf8')
      expect(file).toContain('section,record,field,value')
      expect(file).toContain(`profile,1,email,${email}`)
    })

    test('asks for the account to be closed, withdraws, asks again; staff see it in the console and mark it handled @phone', async ({
      page,
    }) => {
      await asTheMember(page)
      const close = page.getByRole('form', { name: 'Ask to close your account' })
      await close.getByLabel('Why are you leaving? (optional)').fill('Moving to Dunedin')
      await close.getByRole('button', { name: 'Ask to close my account' }).click()
      await expect(page.getByText(/^You asked on .* for your account to be closed$/)).toBeVisible()
      await expect(page.getByText('Your reason: “Moving to Dunedin”.', { exact: false })).toBeVisible()
      await page.getByRole('button', { name: 'Withdraw my request' }).click()
      await expect(close.getByRole('button', { name: 'Ask to close my account' })).toBeVisible()
      // No reason this time: never required.
      await close.getByRole('button', { name: 'Ask to close my account' }).click()
      await expect(page.getByRole('button', { name: 'Withdraw my request' })).toBeVisible()

      await signInStaff(page, 'owner@demo.gymbase.nz', {
        path: `/members?search=${encodeURIComponent(name)}`,
      })
      await page.getByRole('link', { name }).first().click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(page.getByText(/^Asked on .* for their account to be closed$/)).toBeVisible()
      await expect(page.getByText('They gave no reason.')).toBeVisible()
      await expect(page.getByText(/^Owes nothing now|^Owes \$/)).toBeVisible()
      await page.getByRole('button', { name: 'Mark as handled' }).click()
      await expect(page.getByText(/for their account to be closed$/)).toBeHidden()
      await page.getByRole('tab', { name: 'History' }).click()
      await expect(page.getByText('Asked for their account to be closed').first()).toBeVisible()
      await expect(page.getByText('Marked the request to close the account as handled')).toBeVisible()
    })

    test('signs out of every device, this one too, and lands on the sign-in page @phone', async ({
      page,
    }) => {
      await asTheMember(page)
      await page.getByRole('button', { name: 'Sign out of every device' }).click()
      await expect(page).toHaveURL(/\/login/)
      await expect(page.getByText('You are signed out of every device.')).toBeVisible()
      // The account is a signed-in member's: a guest is sent to the join site's start, to come back after.
      await page.goto(`${joinUrl}/account/details`)
      await expect(page).toHaveURL(`${joinUrl}/?redirect=%2Faccount%2Fdetails`)
    })
  })
