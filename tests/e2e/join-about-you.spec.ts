import { joinUrl } from '../../playwright.config'
import { signUpThroughScreens } from './support/join'
import { expect, test } from './support/test'

test.describe('the join flow’s "About you"', () => {
  test('the gym’s page shows what it costs before asking for anything @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${joinUrl}/`)
    await page.getByRole('link', { name: /Ponsonby/ }).click()
    const memberships = page.getByRole('region', { name: 'Memberships at Ponsonby' })
    await expect(memberships).toBeVisible()
    await expect(memberships.getByText('24/7 Access', { exact: true })).toBeVisible()
    await expect(memberships.getByText(/\$79\.00 a month/)).toBeVisible()
    // The demo's private weekly price is for its link only.
    await expect(memberships.getByText(/\$14\.99/)).toHaveCount(0)
    // Above the first question.
    const [offers, name] = await Promise.all([
      memberships.boundingBox(),
      page.getByLabel('Full name').boundingBox(),
    ])
    expect((offers?.y ?? 0) < (name?.y ?? 0)).toBe(true)
  })

  test('says what is missing in words, asks where "something else" was, then moves on to the photo @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signUpThroughScreens(page, { gym: /Takapuna/, name: 'About Tester', prefix: 'about' })
    await expect(page).toHaveURL(`${joinUrl}/about-you`)
    await expect(
      page.getByRole('navigation', { name: 'Joining steps' }).locator('[aria-current="step"]'),
    ).toHaveText('Details')
    // Continue at once: every missing answer named, the first one focused.
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByLabel('Street address')).toBeFocused()
    await expect(page.getByText('Value is required')).toHaveCount(5)
    await page.getByLabel('Post code').fill('101')
    // By keyboard: the messages going as the post code is typed move the boxes under a pointer.
    await page.getByRole('checkbox', { name: 'Something else' }).focus()
    await page.keyboard.press('Space')
    await expect(page.getByRole('checkbox', { name: 'Something else' })).toBeChecked()
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByText('Enter the 4-digit post code.')).toBeVisible()
    await expect(page.getByText('Tell us where you heard about us.')).toBeVisible()

    await page.getByLabel('Street address').fill('4 Hurstmere Road')
    await page.getByLabel('City').fill('Auckland')
    await page.getByLabel('Post code').fill('0622')
    await page.getByLabel('Their name').fill('Tama Tester')
    await page.getByLabel('How you know them').fill('Partner')
    await page.getByLabel('Their mobile').fill('021 555 0156')
    await page.getByLabel('Where did you hear about us?').fill('The radio')
    await page.getByRole('checkbox', { name: 'A reminder before each payment' }).uncheck({ force: true })
    // Enter in the last field sends it.
    await page.getByLabel('Where did you hear about us?').press('Enter')
    await expect(page).toHaveURL(`${joinUrl}/take-photo`)
    // The photo step is a document of its own (its headers allow the camera, ADR 057): read the page
    // once that document shows it, not the one it replaces.
    await expect(page.getByRole('button', { name: 'Use the camera' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // Kept: the join site's own call for the session user says so.
    const me = await page.evaluate(async () =>
      (await fetch('/api/me', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json(),
    )
    expect(me.data.register_fields_completed).toBe(true)
  })
})
