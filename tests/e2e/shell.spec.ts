import type { Page } from '@playwright/test'
import { consoleUrl } from '../../playwright.config'
import { signInStaff, signInStaffThroughScreens } from './support/auth'
import { expectRoles } from './support/console'
import { expect as baseExpect, test } from './support/test'

// The dashboard loads four reports after the shell, and the search waits 600 ms before asking: give
// both room on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function expectNavigation(page: Page, links: string[]) {
  await expect(navigation(page).getByRole('link')).toHaveText(links)
}

test.describe('the console shell', () => {
  test.describe.configure({ timeout: 60_000 })
  test('an organisation admin sees every entry, the Organisation group and the gym switcher', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz')
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
    await expectNavigation(page, ['Dashboard', 'Members', 'Payments', 'Visits', 'Offerings', 'Change price'])
    await expect(navigation(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    // The Organisation group opens and closes by toggling.
    const group = navigation(page).getByRole('button', { name: 'Organisation' })
    await expect(group).toHaveAttribute('aria-expanded', 'false')
    await group.click()
    await expect(group).toHaveAttribute('aria-expanded', 'true')
    await expectNavigation(page, [
      'Dashboard',
      'Members',
      'Payments',
      'Visits',
      'Offerings',
      'Change price',
      'Staff',
      'Gyms',
      'Settings',
      'Calculate Pro Rata',
    ])
    await navigation(page).getByRole('link', { name: 'Calculate Pro Rata' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/calculate-pro-rata`)
    await expect(navigation(page).getByRole('link', { name: 'Calculate Pro Rata' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await group.click()
    await expect(navigation(page).getByRole('link', { name: 'Staff' })).toBeHidden()

    await expectRoles(page, [
      ['Organisation Admin', 'yes'],
      ['Org is multi-gym', 'yes'],
    ])
    await expect(page.getByText('Rachel Walker', { exact: true })).toBeVisible()
    // The organisation's name, whole, under the brand and in the footer.
    const organisation = page.getByText('Demo Fitness', { exact: true })
    await expect(organisation).toHaveCount(2)
    for (const name of await organisation.all()) {
      await expect(name).toBeVisible()
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    }
    await expect(page.getByRole('button', { name: /Switch gym/ })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Search members' })).toHaveAttribute(
      'placeholder',
      'Search',
    )
  })

  test('a gym admin of two gyms: no Organisation group, the switcher with a tick on the current gym', async ({
    page,
  }) => {
    await signInStaff(page, 'regional@demo.gymbase.nz')
    await expectNavigation(page, ['Dashboard', 'Members', 'Payments', 'Visits', 'Offerings', 'Change price'])
    await expect(navigation(page).getByRole('button', { name: 'Organisation' })).toHaveCount(0)
    await expectRoles(page, [
      ['Organisation Admin', 'no'],
      ['Gym Admin', 'yes'],
      ['Gym Admin of more than one gym', 'yes'],
      ['Org is multi-gym', 'yes'],
    ])
    const switcher = page.getByRole('button', { name: /Switch gym/ })
    // The current gym is whichever the regional manager switched to last (the dashboard spec switches).
    await expect(switcher).toContainText(/^(Newmarket|Takapuna)$/)
    const current = (await switcher.textContent())?.trim() ?? ''
    await switcher.click()
    const listbox = page.getByRole('listbox')
    await expect(listbox.getByRole('option')).toHaveText(['Newmarket', 'Takapuna'])
    await expect(listbox.getByRole('option', { name: current })).toHaveAttribute('aria-selected', 'true')
    await expect(listbox.getByRole('option').filter({ hasNotText: current })).toHaveAttribute(
      'aria-selected',
      'false',
    )
    expect(await listbox.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('240px')
    await page.keyboard.press('Escape')
  })

  test('a gym admin of one gym has no switcher', async ({ page }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz')
    await expectNavigation(page, ['Dashboard', 'Members', 'Payments', 'Visits', 'Offerings', 'Change price'])
    await expectRoles(page, [
      ['Organisation Admin', 'no'],
      ['Gym Admin', 'yes'],
      ['Gym Admin of more than one gym', 'no'],
      ['Org is multi-gym', 'yes'],
    ])
    await expect(page.getByText('Tom Harris', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: /Switch gym/ })).toHaveCount(0)
  })

  test('a personal trainer sees the dashboard, members and visits only', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz')
    await expectNavigation(page, ['Dashboard', 'Members', 'Visits'])
    await expectRoles(page, [
      ['Organisation Admin', 'no'],
      ['Org is multi-gym', 'yes'],
    ])
    await expect(page.getByRole('button', { name: /Switch gym/ })).toHaveCount(0)
  })

  test('a screen the navigation hides is refused by its address too: typed, it opens the dashboard', async ({
    page,
  }) => {
    for (const path of ['/payments', '/expected-payments-debugging', '/active-user-debugging', '/staff']) {
      await signInStaff(page, 'trainer@demo.gymbase.nz', { path })
      await expect(page, `trainer at ${path}`).toHaveURL(`${consoleUrl}/dashboard`)
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    }
    for (const path of ['/staff', '/gyms', '/organisation/settings']) {
      await signInStaff(page, 'manager@demo.gymbase.nz', { path })
      await expect(page, `gym admin at ${path}`).toHaveURL(`${consoleUrl}/dashboard`)
    }
  })

  test('search finds a member by part of the name with the keyboard, and says when nothing matches', async ({
    page,
  }) => {
    // A personal trainer at Ponsonby: search is for every staff user, within their gyms.
    await signInStaff(page, 'trainer@demo.gymbase.nz')
    const search = page.getByRole('combobox', { name: 'Search members' })
    await search.fill('roha ngat')
    const option = page.getByRole('option', { name: /Aroha Ngata/ })
    await expect(option).toContainText('member@demo.gymbase.nz')
    await search.press('ArrowDown')
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${consoleUrl}/members/\\d+$`))
    await expect(page.getByRole('heading', { level: 1, name: /Aroha Ngata/ })).toBeVisible()
    await expect(search).toHaveValue('')

    await search.fill('zzqx nobody')
    // Until typing pauses and the answer comes, the list says it is searching, not that nothing was found.
    await expect(page.getByRole('listbox').getByText('Searching…')).toBeVisible()
    await expect(page.getByText('No results found for "zzqx nobody"')).toBeVisible()
    await search.press('Escape')
    await expect(page.getByText('No results found for "zzqx nobody"')).toBeHidden()
    await expect(navigation(page).getByRole('link', { name: 'Members' })).toBeVisible()
  })

  test('what was typed into the search before the page had loaded is searched', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz')
    // A slow connection: the page is shown well before its code has arrived.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    const loading = page.goto(`${consoleUrl}/visits`)
    const search = page.getByRole('combobox', { name: 'Search members' })
    await search.fill('roha ngat')
    await loading
    await expect(page.getByRole('option', { name: /Aroha Ngata/ })).toContainText('member@demo.gymbase.nz')
    await expect(search).toHaveValue('roha ngat')
  })

  test('logout posts the logout and goes to login', async ({ page }) => {
    // A session of its own: signing out must not end the one the other tests share.
    await signInStaffThroughScreens(page, 'manager@demo.gymbase.nz')
    await page.getByRole('link', { name: 'Logout' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/login`)
    await page.goto(`${consoleUrl}/dashboard`)
    await expect(page).toHaveURL(`${consoleUrl}/login?redirect=${encodeURIComponent('/dashboard')}`)
  })

  test('on a phone the navigation slides over and closes on navigation @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInStaff(page, 'regional@demo.gymbase.nz')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(navigation(page)).toBeHidden()
    await page.getByRole('button', { name: 'Open navigation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Navigation' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'Members' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/members`)
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBe(0)
  })
})
