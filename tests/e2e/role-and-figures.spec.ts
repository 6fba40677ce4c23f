import { consoleUrl } from '../../playwright.config'
import { callApi, signInStaff, uniqueEmail } from './support/auth'
import { expectRoles } from './support/console'
import { linkIn, waitForMail } from './support/mailbox'
import { expect as baseExpect, test } from './support/test'

// The dashboard loads four reports after the shell: room for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })

const membersFooter = /^(\d+)–(\d+) of ([\d,]+) members?$|^No members$/
const totalOf = (text: string | null) => Number(text?.match(membersFooter)?.[3]?.replace(/,/g, '') ?? 0)

test.describe('the role at the gym shown (issue 25)', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a trainer at Ponsonby who runs Newmarket sees no money at Ponsonby, and Newmarket’s at Newmarket', async ({
    page,
    browser,
  }) => {
    // The owner adds them through the staff API: trainer at Ponsonby (their first gym), admin at Newmarket.
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/dashboard' })
    const me = (await callApi(page, 'GET', '/me')).body.data
    const gymId = (name: string) => me.gyms.find((gym: { name: string }) => gym.name === name).id
    const email = uniqueEmail('two-roles')
    const since = new Date()
    const invited = await callApi(page, 'POST', `/organisations/${me.current_organisation.id}/staff`, {
      inviting: true,
      name: 'Tui Two-Roles',
      email,
      role: -1,
      gyms: [
        { id: gymId('Ponsonby'), role: 'personal_trainer' },
        { id: gymId('Newmarket'), role: 'admin' },
      ],
    })
    expect(invited.status).toBe(201)
    const link = linkIn(await waitForMail({ to: email, since, subject: /invited to join/i }))
    const context = await browser.newContext()
    const theirs = await context.newPage()
    await theirs.goto(link.href)
    await theirs.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await theirs.waitForLoadState('networkidle')
    await theirs.getByLabel('New password', { exact: true }).fill('two roles passphrase')
    await theirs.getByLabel('Repeat the new password').fill('two roles passphrase')
    await theirs.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(theirs).toHaveURL(`${consoleUrl}/dashboard`)

    // At Ponsonby, where they train: no Gym Admin, no money on the dashboard.
    await expect(theirs.getByRole('heading', { name: 'Your access at Ponsonby' })).toBeVisible()
    await expectRoles(theirs, [
      ['Organisation Admin', 'no'],
      ['Gym Admin', 'no'],
      ['Gym Admin of more than one gym', 'no'],
      ['Org is multi-gym', 'yes'],
    ])
    await expect(theirs.getByRole('heading', { name: 'Members', exact: true })).toBeVisible()
    await expect(theirs.getByText(/\d+ in total/)).toBeVisible()
    await expect(theirs.getByRole('heading', { name: 'Collections', exact: true })).toHaveCount(0)
    await expect(theirs.getByRole('heading', { name: 'Failed payments to act on' })).toHaveCount(0)
    await expect(theirs.getByRole('list', { name: 'Failed payments' })).toHaveCount(0)
    await expect(theirs.getByRole('link', { name: 'Retry, send a payment link or waive' })).toHaveCount(0)
    await expect(
      theirs.getByText(
        'Collections and failed payments show for the gyms you run; here you are a personal trainer.',
      ),
    ).toBeVisible()
    // Their members list at Ponsonby has no balances; a Ponsonby member's page no payments or code.
    await theirs.goto(`${consoleUrl}/members?gym_id=${gymId('Ponsonby')}`)
    const table = theirs.getByRole('table', { name: 'Members' })
    await expect(table.getByRole('columnheader').first()).toBeVisible()
    await expect(table.getByRole('columnheader', { name: /Owing/ })).toHaveCount(0)
    await expect(theirs.getByRole('button', { name: /Balance$/ })).toHaveCount(0)
    await table.getByRole('rowheader').first().getByRole('link').click()
    await expect(theirs.getByRole('tab', { name: 'Overview' })).toBeVisible()
    await expect(theirs.getByRole('tab', { name: 'Payments' })).toHaveCount(0)
    await theirs.getByRole('tab', { name: 'Access' }).click()
    await expect(theirs.getByText('Only those who run the member’s gym see their code.')).toBeVisible()

    // Every gym of theirs at once: one of them is Ponsonby, so still no money.
    await theirs.goto(`${consoleUrl}/dashboard?scope=all`)
    await expect(theirs.getByText(/\d+ in total/)).toBeVisible()
    await expect(theirs.getByRole('heading', { name: 'Collections', exact: true })).toHaveCount(0)
    await expect(
      theirs.getByText('Collections and failed payments show when one gym you run is shown.'),
    ).toBeVisible()

    // Switched to Newmarket, which they run: Gym Admin, and its money.
    await theirs.goto(`${consoleUrl}/dashboard`)
    await theirs.getByRole('button', { name: /Switch gym/ }).click()
    await theirs.getByRole('option', { name: 'Newmarket' }).click()
    await expect(theirs.getByRole('heading', { name: 'Your access at Newmarket' })).toBeVisible()
    await expectRoles(theirs, [
      ['Organisation Admin', 'no'],
      ['Gym Admin', 'yes'],
      ['Gym Admin of more than one gym', 'no'],
      ['Org is multi-gym', 'yes'],
    ])
    await expect(theirs.getByRole('heading', { name: 'Collections', exact: true })).toBeVisible()
    await expect(theirs.getByRole('heading', { name: 'Failed payments to act on' })).toBeVisible()
    await context.close()
  })
})

test.describe('figures that agree (issue 25)', () => {
  test.describe.configure({ timeout: 120_000 })

  test('each member figure on the dashboard is the total of the list it opens @phone', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/dashboard?scope=all' })
    const figures = page.locator('section[aria-labelledby="member-figures"]')
    for (const label of ['Active', 'Paused', 'In grace period', 'Cancelling']) {
      await page.goto(`${consoleUrl}/dashboard?scope=all`)
      const figure = figures.getByRole('link', {
        name: new RegExp(`^[\\d,]+ ${label.toLowerCase()}: see them$`),
      })
      const shown = Number((await figure.textContent())?.replace(/,/g, ''))
      await figure.click()
      await expect(page).toHaveURL(/\/members\?/)
      await expect(page.getByText(membersFooter)).toBeVisible()
      expect(totalOf(await page.getByText(membersFooter).textContent()), label).toBe(shown)
    }

    // Those who owe after a failed payment: the members list's "Owes money".
    await page.goto(`${consoleUrl}/dashboard?scope=all`)
    const owe = page.getByRole('link', { name: /^The [\d,]+ members? who owes?$/ })
    const owing = Number((await owe.textContent())?.match(/[\d,]+/)?.[0]?.replace(/,/g, ''))
    await expect(
      page.getByText(new RegExp(`^${owing.toLocaleString('en-NZ')} members? owes? after a failed payment`)),
    ).toBeVisible()
    await owe.click()
    await expect(page).toHaveURL(/owing=true/)
    await expect(page.getByText(membersFooter)).toBeVisible()
    expect(totalOf(await page.getByText(membersFooter).textContent())).toBe(owing)
  })

  test('a payments total is what its status filter lists: Pending is not Upcoming', async ({ page }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/payments' })
    const totals = page.getByLabel('Totals of the filtered payments')
    const figure = (label: string) =>
      totals.getByRole('definition').nth(['Collected', 'Upcoming', 'Pending', 'Failed'].indexOf(label))
    await expect(totals.getByRole('term')).toHaveText([
      'CollectedSent: paid in',
      'UpcomingDue, not yet charged',
      'PendingBeing processed',
      'FailedEvery failed try, retries included',
      'PaymentsListed below, every page',
    ])
    const unfiltered = {
      Upcoming: await figure('Upcoming').textContent(),
      Pending: await figure('Pending').textContent(),
    }
    for (const label of ['Upcoming', 'Pending'] as const) {
      await page.goto(`${consoleUrl}/payments`)
      await page.getByRole('button', { name: /Status$/ }).click()
      await page.getByRole('option', { name: label, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`status=${label.toLowerCase()}`))
      await expect(figure(label)).toHaveText(unfiltered[label] ?? '')
      // The other figure is nothing: a payment has one status.
      await expect(figure(label === 'Upcoming' ? 'Pending' : 'Upcoming')).toHaveText('$0.00')
    }
  })
})

test.describe('try a door as this member (issue 25)', () => {
  test('opens at the member’s own gym, not the first gym whose doors they open', async ({ page }) => {
    // Aroha's 24/7 membership is at Ponsonby and opens every gym's doors, Newmarket's first by name.
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members?search=member%40demo.gymbase.nz' })
    await page.getByRole('link', { name: 'Aroha Ngata' }).click()
    await page.getByRole('tab', { name: 'Access' }).click()
    const access = page.getByRole('tabpanel', { name: 'Access' })
    await expect(
      access.getByRole('list', { name: 'Gyms' }).getByRole('listitem').filter({ hasText: 'Newmarket' }),
    ).toContainText('Opens')
    await access.getByRole('link', { name: 'Try a door as this member' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Try a door' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Gym$/ })).toContainText('Ponsonby')
    await expect(page.getByText('Tapping as Aroha Ngata')).toBeVisible()
  })
})
