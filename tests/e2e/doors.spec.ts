import { consoleUrl, joinUrl } from '../../playwright.config'
import { signInStaff } from './support/auth'
import { addGym } from './support/console'
import { acceptAndConfirm, enterCard, fillAboutYou, signUpThroughScreens, takePhoto } from './support/join'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

test.describe('doors', () => {
  test('an owner gives a new gym its doors and chooses which count visits', async ({ page }) => {
    const name = `Grey Lynn ${Date.now().toString(36)}`
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/gyms' })
    await addGym(page, { name, accountName: 'Grey Lynn account', account: '12-3140-2000027-00' })

    // The demo's door system has a place for each demo gym; a new gym gets one of its own.
    const doors = page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Doors' }) })
      .last()
    await doors.getByRole('button', { name: `Add a sandbox place for ${name}` }).click()
    await expect(page.getByText(`Linked to ${name}: members with access can open its doors.`)).toBeVisible()
    await expect(doors.getByText(new RegExp(`Linked to ${name} in the sandbox door system`))).toBeVisible()
    const front = doors.getByRole('listitem').filter({ hasText: 'Front door' })
    const changing = doors.getByRole('listitem').filter({ hasText: 'Changing rooms' })
    await expect(front.getByRole('switch', { name: 'Counts visits' })).toBeChecked()
    await expect(changing.getByRole('switch', { name: 'Counts visits' })).not.toBeChecked()

    await changing.getByText('Counts visits').click()
    await expect(page.getByText('Changing rooms now counts visits.')).toBeVisible()
    await front.getByRole('switch', { name: 'Counts visits' }).press('Space')
    await expect(page.getByText('Front door no longer counts visits.')).toBeVisible()
    await page.reload()
    await expect(changing.getByRole('switch', { name: 'Counts visits' })).toBeChecked()
    await expect(front.getByRole('switch', { name: 'Counts visits' })).not.toBeChecked()
  })

  test('a member’s door follows their membership: paid opens, paused refuses, back early opens, visits listed', async ({
    page,
  }) => {
    // A whole journey over both sites (joining, then the desk and the door): 45–58 s on a loaded
    // machine, so it has three times the usual minute.
    test.slow()
    // A member joins Ponsonby online and pays by card.
    const memberName = `Door Member ${Date.now().toString(36)}`
    await signUpThroughScreens(page, { gym: /Ponsonby/, name: memberName, prefix: 'door' })
    await fillAboutYou(page)
    await takePhoto(page)
    await page.getByRole('link', { name: /^Card/ }).click()
    await enterCard(page, '4242424242424242')
    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, memberName)
    await expect(page).toHaveURL(`${joinUrl}/welcome-to-gym`)
    // Their door code is on the welcome page, for the first visit.
    const welcomeCode = page.getByText(
      /^Your door code is [2-9A-HJKMNP-Z]{10}: enter it at the door of Ponsonby\./,
    )
    await expect(welcomeCode).toBeVisible()
    const code = (await welcomeCode.textContent())?.match(/[2-9A-HJKMNP-Z]{10}/)?.[0] ?? ''

    // The gym's manager finds them: their Access tab says the doors open, and gives their code.
    await signInStaff(page, 'manager@demo.gymbase.nz', {
      path: `/members?search=${encodeURIComponent(memberName)}`,
    })
    await page.getByRole('link', { name: memberName }).click()
    await page.getByRole('tab', { name: 'Access' }).click()
    const access = page.getByRole('tabpanel', { name: 'Access' })
    await expect(access.getByText('Opens the doors below.')).toBeVisible()
    await expect(
      access.getByRole('list', { name: 'Gyms' }).getByRole('listitem').filter({ hasText: 'Ponsonby' }),
    ).toContainText('Opens')
    await expect(access.getByText(code, { exact: true })).toBeVisible()
    const memberPage = page.url()

    // At the door: it opens.
    await access.getByRole('link', { name: 'Try a door as this member' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Try a door' })).toBeVisible()
    await expect(page.getByText(`Tapping as ${memberName}`)).toBeVisible()
    await page.getByRole('button', { name: 'Tap', exact: true }).click()
    const taps = page.getByRole('list', { name: 'Taps' })
    await expect(taps.getByRole('listitem').first()).toContainText(`Front door opened · ${memberName}`)
    await expect(taps.getByRole('listitem').first()).toContainText('Visit listed at')
    // Someone else at the desk: back to typing a card number or code.
    await page.getByRole('button', { name: 'Type a code instead' }).click()
    await expect(page.getByText(`Tapping as ${memberName}`)).toHaveCount(0)
    await expect(page.getByRole('textbox', { name: 'Card number or code' })).toBeVisible()

    // Paused from today: the door refuses, and says why.
    await page.goto(memberPage)
    await page.getByRole('tab', { name: 'Overview' }).click()
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await overview.getByRole('button', { name: 'Pause', exact: true }).click()
    const pause = page.getByRole('dialog', { name: 'Pause membership' })
    await pause.getByRole('button', { name: 'Pause', exact: true }).click()
    await expect(page.getByText(new RegExp(`${memberName}’s membership is paused from`))).toBeVisible()
    await page.getByRole('tab', { name: 'Access' }).click()
    await expect(access.getByText(/^Membership paused until /)).toBeVisible()
    await expect(access.getByText('Updating the doors…')).toHaveCount(0)
    await access.getByRole('link', { name: 'Try a door as this member' }).click()
    await page.getByRole('button', { name: 'Tap', exact: true }).click()
    await expect(taps.getByRole('listitem').first()).toContainText(`Front door stayed shut · ${memberName}`)
    await expect(taps.getByRole('listitem').first()).toContainText(/Membership paused until/)
    await expect(taps.getByRole('listitem').first()).toContainText('Refused visit listed at')

    // Back early: staff end the pause, and the door opens again at once.
    await page.goto(memberPage)
    await page.getByRole('tab', { name: 'Overview' }).click()
    await overview.getByRole('button', { name: 'End pause' }).click()
    await page
      .getByRole('alertdialog', { name: 'End the pause today?' })
      .getByRole('button', { name: 'End pause' })
      .click()
    await expect(page.getByText(`${memberName} is back: their membership runs from today`)).toBeVisible()
    await page.getByRole('tab', { name: 'Access' }).click()
    await expect(access.getByText('Opens the doors below.')).toBeVisible()
    await expect(access.getByText('Updating the doors…')).toHaveCount(0)
    await access.getByRole('link', { name: 'Try a door as this member' }).click()
    // Pressed twice in a hurry: one tap.
    await page.getByRole('button', { name: 'Tap', exact: true }).dblclick()
    await expect(taps.getByRole('listitem').first()).toContainText(`Front door opened · ${memberName}`)
    await expect(taps.getByRole('listitem')).toHaveCount(1)

    // The visits list has all three: two entries and the refusal, with its reason.
    await taps.getByRole('listitem').first().getByRole('link', { name: 'See visits' }).click()
    await expect(page).toHaveURL(new RegExp(`${consoleUrl}/visits\\?gym_id=\\d+`))
    const rows = page.getByRole('row').filter({ hasText: memberName })
    await expect(rows).toHaveCount(3)
    await expect(rows.filter({ hasText: /Membership paused until/ })).toHaveCount(1)
  })
  test('a code pasted with junk on the end says what is wrong with it, not that the connection was lost', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/doors/tap' })
    const code = page.getByLabel('Card number or code')
    await code.fill('x'.repeat(300))
    await code.press('Enter')
    await expect(
      page.getByText('A card number or code is at most 64 characters.', { exact: false }),
    ).toBeVisible()
    await expect(page.getByText(/lost the connection/)).toHaveCount(0)
    await code.fill('NOSUCHCODE1')
    await code.press('Enter')
    await expect(page.getByRole('list', { name: 'Taps' }).getByRole('listitem').first()).toContainText(
      'Card or code not recognised',
    )
  })
})
