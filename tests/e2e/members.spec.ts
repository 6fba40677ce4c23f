import { devices } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { consoleUrl, joinUrl } from '../../playwright.config'
import { apiPost, joinGyms, signInStaff, uniqueEmail } from './support/auth'
import { csvLines, exportCsv, openStaffList } from './support/console'
import { linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

const footer = /^(\d+)–(\d+) of ([\d,]+) members?$/

test.describe('the members list', () => {
  test('an owner filters by state and text, sorts, pages, goes back, and exports exactly the list', async ({
    page,
  }) => {
    const table = await openStaffList(page, {
      path: '/members',
      name: 'Members',
      columns: ['Member', 'State', 'Membership', 'Owing', 'Last visit', 'Joined'],
    })
    const count = page.getByText(footer)
    const everyone = Number((await count.textContent())?.match(footer)?.[3]?.replace(/,/g, ''))
    expect(everyone).toBeGreaterThan(25)
    await expect(table.locator('tbody tr')).toHaveCount(25)

    // Paused members: every row says so in words, and the count shrinks.
    await page.getByRole('button', { name: /State$/ }).click()
    await page.getByRole('option', { name: 'Paused', exact: true }).click()
    await expect(page).toHaveURL(/state=paused/)
    await expect(count).not.toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} members`))
    const badges = table.locator('tbody tr td:nth-child(2)')
    for (const badge of await badges.all()) await expect(badge).toContainText('Paused')
    const paused = Number((await count.textContent())?.match(footer)?.[3]?.replace(/,/g, ''))
    expect(paused).toBeGreaterThan(0)
    expect(paused).toBeLessThan(everyone)

    // Back undoes the filter.
    await page.goBack()
    await expect(page).not.toHaveURL(/state=/)
    await expect(count).toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} members`))

    // Text typed at a person's speed finds the member, and stays in the address.
    await page.getByRole('searchbox', { name: 'Name, e-mail or mobile' }).fill('aroha')
    await expect(page).toHaveURL(/search=aroha/)
    await expect(table.getByRole('link', { name: /Aroha/ }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).not.toHaveURL(/search=/)
    await expect(page.getByRole('searchbox', { name: 'Name, e-mail or mobile' })).toHaveValue('')

    // Newest first, by the Joined header; its direction is announced.
    await table.getByRole('link', { name: 'Joined' }).click()
    await expect(page).toHaveURL(/sort=-joined/)
    await expect(table.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    const joined = await table.locator('tbody tr td:nth-child(6)').allTextContents()
    const days = joined.map((text) => Date.parse(text))
    expect(days).toEqual([...days].sort((a, b) => b - a))

    // The next page, then the export of the filtered list: exactly its rows.
    await page.getByRole('link', { name: 'Next' }).click()
    await expect(count).toHaveText(/^26–/)
    await page.getByRole('button', { name: /State$/ }).click()
    await page.getByRole('option', { name: 'In grace period' }).click()
    await expect(page).toHaveURL(/state=in_grace_period/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(count).toHaveText(/^1–/)
    await expect(count).not.toHaveText(new RegExp(`of ${everyone.toLocaleString('en-NZ')} members`))
    const inGrace = Number((await count.textContent())?.match(footer)?.[3]?.replace(/,/g, ''))
    const { filename, text } = await exportCsv(page)
    expect(filename).toMatch(/^members-all-gyms-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = csvLines(text)
    expect(lines[0]).toContain(
      'Name,Email,Mobile,Date of birth,Date of birth (ISO),Address,Suburb,City,Post code,Gym',
    )
    expect(lines).toHaveLength(inGrace + 1)
    await expect(page.getByText(`Exported ${inGrace} members`)).toBeVisible()
  })

  test('a gym admin sees their gym’s members only; a trainer sees no money', async ({ page }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz', { path: '/members' })
    const table = page.getByRole('table', { name: 'Members' })
    await expect(table.locator('tbody tr').first()).toBeVisible()
    for (const cell of await table.locator('tbody tr td:nth-child(3)').all())
      await expect(cell).toContainText('Ponsonby')
    await expect(page.getByRole('button', { name: /Gym$/ })).toHaveCount(0)

    await page.context().clearCookies()
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/members' })
    await expect(table.getByRole('columnheader')).toHaveText([
      'Member',
      'State',
      'Membership',
      'Last visit',
      'Joined',
    ])
    await expect(page.getByRole('button', { name: /Balance$/ })).toHaveCount(0)
    await expect(table.getByText(/\$\d/)).toHaveCount(0)
  })

  test('the export gives a member’s date of birth and address as their page shows them, to an owner and to a trainer', async ({
    page,
  }) => {
    for (const email of ['owner@demo.gymbase.nz', 'trainer@demo.gymbase.nz']) {
      await page.context().clearCookies()
      // One of the demo's members (their addresses are example.com), not one another test made.
      await signInStaff(page, email, { path: '/members?search=example.com' })
      const table = page.getByRole('table', { name: 'Members' })
      const first = table.getByRole('row').nth(1).getByRole('link').first()
      const name = (await first.textContent())?.trim() ?? ''
      await first.click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      const overview = page.getByRole('tabpanel', { name: 'Overview' })
      const showsDetails =
        (await overview
          .getByRole('term')
          .filter({ hasText: /^Date of birth$/ })
          .count()) > 0

      await page.goto(`${consoleUrl}/members?search=${encodeURIComponent(name)}`)
      await expect(table.getByRole('link', { name }).first()).toBeVisible()
      const records = parse((await exportCsv(page)).text, { columns: true }) as Array<Record<string, string>>
      const record = records.find((row) => row.Name === name)
      expect(record, email).toBeDefined()
      if (!showsDetails) {
        expect(Object.keys(record ?? {}), email).not.toContain('Date of birth')
        expect(Object.keys(record ?? {}), email).not.toContain('Address')
        continue
      }
      // The demo's members all have a date of birth and an address; the page shows the same ones.
      expect(record?.['Date of birth (ISO)'], email).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(record?.Address, email).not.toBe('')
      // Back to the member's page: the same day and address.
      await page.goBack()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(overview.getByText(record?.['Date of birth'] ?? '-', { exact: true })).toBeVisible()
      const address = [record?.Address, record?.Suburb, record?.City, record?.['Post code']]
        .filter(Boolean)
        .join(', ')
      await expect(overview.getByText(address, { exact: true })).toBeVisible()
    }
  })

  test('a link to another gym’s members says so, and a filter that matches nobody says what to do', async ({
    page,
  }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz', { path: '/members?gym_id=2147483000' })
    await expect(page.getByText('This gym isn’t one of yours')).toBeVisible()
    await page.goto(`${consoleUrl}/members?search=nobody-is-called-this`)
    await expect(page.getByText('No members match these filters')).toBeVisible()
    await page.getByRole('button', { name: 'show every member' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/members`)
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible()
  })
})

test.describe('a member’s page', () => {
  test('an owner opens a member from the list: membership, how they pay, payments and visits, tabs in the address', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members?search=Aroha%20Ngata' })
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Aroha Ngata' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Aroha Ngata/ })).toBeVisible()
    await expect(page).toHaveTitle('Aroha Ngata · Gymbase')
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await expect(overview.getByText('24/7 Access')).toBeVisible()
    await expect(overview.getByText(/^Active: paid up, current period/)).toBeVisible()
    await expect(overview.getByText('member@demo.gymbase.nz')).toBeVisible()
    await expect(overview.getByText(/Visa ending \d{4}, expires/)).toBeVisible()
    await expect(overview.getByText('Default')).toHaveCount(1)

    await page.getByRole('tab', { name: 'Payments' }).click()
    await expect(page).toHaveURL(/tab=payments/)
    const payments = page.getByRole('table', { name: 'Payments' })
    await expect(payments.getByText('Paid').first()).toBeVisible()
    const dues = (await payments.getByRole('rowheader').allTextContents()).map((text) => Date.parse(text))
    expect(dues).toEqual([...dues].sort((a, b) => b - a))

    await page.getByRole('tab', { name: 'Visits' }).click()
    await expect(page).toHaveURL(/tab=visits/)
    await expect(page.getByRole('table', { name: 'Visits' }).getByText('Let in').first()).toBeVisible()
    await page.getByRole('link', { name: 'Older' }).click()
    await expect(page.getByText(/^21–40 of \d+ visits$/)).toBeVisible()
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Visits' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText(/^21–40 of \d+ visits$/)).toBeVisible()

    await page.setViewportSize({ width: 390, height: 844 })
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(sideways).toBeLessThanOrEqual(390)
  })

  test('a trainer sees the member without money, and another gym’s member is not found', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/members' })
    const first = page
      .getByRole('table', { name: 'Members' })
      .getByRole('rowheader')
      .first()
      .getByRole('link')
    const name = (await first.textContent()) ?? ''
    await first.click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible()
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Visits', 'Access', 'History'])
    await expect(page.getByRole('main').getByText(/\$\d/)).toHaveCount(0)

    await page.goto(`${consoleUrl}/members/2147483000`)
    await expect(page.getByText('Member not found.')).toBeVisible()
  })
})

test.describe('a membership’s actions', () => {
  test('an owner starts an upcoming membership, pauses it, cancels and undoes, takes a payment, then cancels it now', async ({
    page,
  }) => {
    // Ten actions, each e-mailed and read back in the history: longer than one screen's test.
    test.setTimeout(150_000)
    // A new member (signed up on the join site) gets a membership starting tomorrow from the console.
    const gym = (await joinGyms(page)).find((candidate) => candidate.name === 'Ponsonby')
    const name = `Action Tester ${Date.now() % 100000}`
    const email = uniqueEmail('actions')
    const registered = await apiPost(page, 'join', '/register', {
      gym: gym?.uuid,
      name,
      email,
      mobile_number: '021 555 0199',
      dob: '1991-04-05',
      password: 'a long enough passphrase',
    })
    expect(registered.status()).toBe(201)
    await page.context().clearCookies()
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members' })
    const member = await page.evaluate(async (name) => {
      const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }
      const list = await (await fetch(`/api/members?search=${encodeURIComponent(name)}`)).json()
      const picked = list.data[0]
      const me = await (await fetch('/api/me')).json()
      const prices = await (
        await fetch(`/api/organisations/${me.data.current_organisation.id}/prices`)
      ).json()
      // The cheapest weekly price: every other weekly price is a rise from it (the price change below).
      const weekly = prices.data
        .filter(
          (candidate: {
            archived_at: string | null
            private: boolean
            billing_frequency: string
            gym: unknown
          }) =>
            !candidate.archived_at &&
            !candidate.private &&
            candidate.billing_frequency === 'weekly' &&
            !candidate.gym,
        )
        .sort((a: { amount: number }, b: { amount: number }) => a.amount - b.amount)
      const price = weekly[0]
      const tomorrow = new Date(Date.now() + 36 * 3600_000).toLocaleDateString('en-CA', {
        timeZone: 'Pacific/Auckland',
      })
      const created = await fetch('/api/subscriptions', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          user_id: picked.id,
          price_id: price.id,
          gym_id: picked.gym.id,
          start_date: tomorrow,
        }),
      })
      return {
        id: picked.id as number,
        name: picked.name as string,
        amount: price.amount as number,
        status: created.status,
        body: await created.text(),
      }
    }, name)
    expect(member.status, member.body).toBe(201)
    await page.goto(`${consoleUrl}/members/${member.id}`)
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Upcoming')

    // Start today: the dialog says what it costs before it is done.
    await overview.getByRole('button', { name: 'Start today' }).click()
    const start = page.getByRole('alertdialog', { name: 'Start the membership today?' })
    await expect(start.getByText(/pays \$\d+\.\d{2} for the days until then/)).toBeVisible()
    await start.getByRole('button', { name: 'Start today' }).click()
    await expect(page.getByText(`${member.name}’s membership has started`)).toBeVisible()
    await expect(overview.getByRole('button', { name: 'Start today' })).toHaveCount(0)
    const today = new Date().toLocaleDateString('en-NZ', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Pacific/Auckland',
    })
    await expect(overview.getByText(today).first()).toBeVisible()

    // Pause: the effect on access and billing is stated as the dates are chosen.
    await overview.getByRole('button', { name: 'Pause' }).click()
    const pause = page.getByRole('dialog', { name: 'Pause membership' })
    await expect(
      pause.getByText(/is not charged and the door stays shut for them from .* \(14 days\)/),
    ).toBeVisible()
    await pause.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByText(new RegExp(`${member.name}’s membership is paused from`))).toBeVisible()
    await expect(overview.getByText('Pause', { exact: true })).toBeVisible()
    await expect(overview.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0)

    // Cancel at the end of the period, then undo it.
    await overview.getByRole('button', { name: 'Cancel membership' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel membership' })
    await expect(cancel.getByText(/keeps door access until .* You can undo this for a while\./)).toBeVisible()
    await cancel.getByText('Moving away').click()
    await expect(cancel.getByRole('checkbox', { name: 'Moving away' })).toBeChecked()
    await cancel.getByRole('button', { name: 'Cancel membership' }).click()
    await expect(page.getByText(new RegExp(`${member.name}’s membership ends on`))).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled')
    await overview.getByRole('button', { name: 'Undo cancellation' }).click()
    await page
      .getByRole('alertdialog', { name: 'Undo the cancellation?' })
      .getByRole('button', { name: 'Undo cancellation' })
      .click()
    await expect(page.getByText(`${member.name}’s membership goes on`)).toBeVisible()
    await expect(overview.getByRole('button', { name: 'Cancel membership' })).toBeVisible()

    // A payment taken at the desk, its effect on what they owe said first.
    await overview.getByRole('button', { name: 'Record payment' }).click()
    const payment = page.getByRole('dialog', { name: 'Record a payment' })
    // A third decimal place is refused and said, never rounded away.
    const amount = payment.getByRole('textbox', { name: 'Amount' })
    await amount.pressSequentially('12.555')
    await expect(amount).toHaveValue('12.55')
    await expect(payment.getByText('Use at most 2 decimal places')).toBeVisible()
    await amount.fill('12.50')
    await payment.getByRole('textbox', { name: 'Note' }).fill('Paid with the card in the morning')
    await expect(payment.getByText(/kept as credit for their next charge/)).toBeVisible()
    // How it was paid is a required choice, said when it is missing.
    const sentSince = new Date()
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await expect(
      payment.getByText('Choose how it was paid: cash, EFTPOS, bank transfer or other.'),
    ).toBeVisible()
    await payment.getByText('EFTPOS', { exact: true }).click()
    await expect(payment.getByRole('radio', { name: 'EFTPOS' })).toBeChecked()
    await payment.getByRole('button', { name: 'Record payment' }).click()
    await expect(page.getByText(`$12.50 recorded for ${member.name}`)).toBeVisible()
    // The member's receipt really arrives.
    const receipt = await waitForMail({ to: email, since: sentSince, subject: /^Your payment receipt$/ })
    expect(receipt.text).toContain('We received $12.50 by EFTPOS at the desk')
    expect(receipt.text).toContain('Total (GST inclusive): $12.50')

    // A rise sooner than the notice period is refused, in words, before anything is scheduled.
    await overview.getByRole('button', { name: 'Change price' }).click()
    const rise = page.getByRole('dialog', { name: 'Change price' })
    await rise.getByRole('button', { name: /New price/ }).click()
    const optionNames = await page.getByRole('option').allTextContents()
    // What a price costs a year (52 weeks, 12 months), to tell a rise from a cut across frequencies.
    const perYear = { weekly: 52, fortnightly: 26, monthly: 12 } as const
    const yearly = (text: string) => {
      const match = /\$([\d,]+\.\d{2}) (weekly|fortnightly|monthly)$/.exec(text)
      return match
        ? Number(match[1]?.replace(',', '')) * 100 * perYear[match[2] as keyof typeof perYear]
        : Number.NaN
    }
    const dearer = optionNames.find((text) => yearly(text) > member.amount * 52)
    const cheaper = optionNames.find((text) => yearly(text) < member.amount * 52)
    expect(dearer).toBeDefined()
    expect(cheaper).toBeDefined()
    await page.getByRole('option', { name: dearer, exact: true }).click()
    await rise.getByRole('button', { name: 'Schedule price change' }).click()
    await expect(
      rise.getByText(/^Price rises need 30 days' notice: the earliest day is \d{1,2} \w{3} \d{4}$/).first(),
    ).toBeVisible()
    await rise.getByRole('button', { name: 'Keep as it is' }).click()

    // A price change at the end of the period, with the member's e-mail previewed first.
    await overview.getByRole('button', { name: 'Change price' }).click()
    const change = page.getByRole('dialog', { name: 'Change price' })
    await change.getByRole('button', { name: /New price/ }).click()
    await page.getByRole('option', { name: cheaper, exact: true }).click()
    await expect(
      change.getByText(/pays \$\d+\.\d{2} .* instead of \$\d+\.\d{2}; charges before then stay/),
    ).toBeVisible()
    // The day the dialog names is the server's: the one the e-mail names and the change toast repeats.
    const effect = change.getByText(/^From \d{1,2} \w{3} \d{4} .* pays \$/)
    await expect(effect).toBeVisible()
    const firstDay = /^From (\d{1,2} \w{3} \d{4})/.exec((await effect.textContent()) ?? '')?.[1] ?? ''
    await change.getByRole('button', { name: 'Preview the e-mail' }).click()
    const mailPreview = change.getByRole('region', { name: 'E-mail preview' })
    await expect(mailPreview).toContainText(member.name.split(' ')[0] ?? '')
    await expect(mailPreview).toContainText(`From ${firstDay} your`)
    await change.getByRole('button', { name: 'Schedule price change' }).click()
    await expect(page.getByText(`${member.name}’s price changes from ${firstDay}`)).toBeVisible()
    await expect(overview.getByText('Price change', { exact: true })).toBeVisible()

    // Cancel now: said to be final.
    await overview.getByRole('button', { name: 'Cancel membership' }).click()
    await cancel.getByText('Now', { exact: true }).click()
    await expect(cancel.getByRole('radio', { name: 'Now' })).toBeChecked()
    await expect(
      cancel.getByText(/loses door access today and is charged nothing more\. This cannot be undone\./),
    ).toBeVisible()
    await cancel.getByRole('button', { name: 'Cancel membership' }).click()
    await expect(page.getByText(`${member.name}’s membership is cancelled`)).toBeVisible()
    await expect(overview.getByRole('button', { name: 'Undo cancellation' })).toHaveCount(0)

    // The history says each step, newest first, and who took it.
    await page.getByRole('tab', { name: 'History' }).click()
    const history = page.getByRole('list', { name: 'History' })
    await expect(history.getByRole('listitem').first()).toContainText('Cancelled now')
    for (const line of [
      /Price change to \$\d+\.\d{2} scheduled for .*; the member was e-mailed/,
      /Payment of \$12\.50 recorded at the desk \(EFTPOS\): Paid with the card in the morning/,
      /Cancellation undone/,
      /Cancelled at the end of the period, .* \(Moving away\)/,
      /Paused from/,
      /Started early instead of on/,
      /Membership added, starting/,
    ]) {
      await expect(history.getByText(line)).toBeVisible()
    }
    await expect(history.getByText('by Rachel Walker').first()).toBeVisible()
    // Each change the member was told about in writing is there too, with the e-mail's subject.
    for (const subject of [
      /^E-mailed: Your membership is cancelled$/,
      /^E-mailed: Your .+ membership price is changing$/,
      /^E-mailed: Your payment receipt$/,
      /^E-mailed: Your cancellation is undone$/,
      /^E-mailed: Your membership is paused$/,
      /^E-mailed: Your membership has started early$/,
    ]) {
      await expect(history.getByText(subject).first()).toBeVisible()
    }
    await history.getByRole('button', { name: 'Read the e-mail: Your payment receipt' }).click()
    const read = page.getByRole('dialog', { name: 'Your payment receipt' })
    await expect(read.getByText(/Paid \d{1,2} \w{3} \d{4} by EFTPOS at the desk\./)).toBeVisible()
    await read.getByRole('button', { name: 'Close' }).click()
    await expect(read).toHaveCount(0)

    // The Payments tab says the payment was taken at the desk, and how.
    await page.getByRole('tab', { name: 'Payments' }).click()
    const payments = page.getByRole('table', { name: 'Payments' })
    await expect(payments.getByText('Paid at the desk')).toBeVisible()
    await expect(payments.getByText('EFTPOS', { exact: true })).toBeVisible()
  })
})

test.describe('adding a member', () => {
  test('cancelling at the period’s end or pausing a member in their grace period says the owed retry is still taken', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members' })
    // A member in their grace period whose next charge is a retry of this period, due before renewal.
    const id = await page.evaluate(async () => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest' }
      const list = await (await fetch('/api/members?state=in_grace_period', { headers })).json()
      for (const row of list.data as Array<{ id: number; state: string }>) {
        if (row.state !== 'in_grace_period') continue
        const detail = (await (await fetch(`/api/members/${row.id}`, { headers })).json()).data
        const membership = detail.membership
        if (membership?.next_charge && membership.next_charge.on < membership.current_period_end)
          return row.id
      }
      return null
    })
    expect(id).not.toBeNull()
    await page.goto(`${consoleUrl}/members/${id}`)
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await overview.getByRole('button', { name: 'Cancel membership' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel membership' })
    await expect(
      cancel.getByText(
        /keeps door access until .*\. What they owe for this period is still collected: the \$[\d,]+\.\d\d charge due .* is taken\. Nothing is charged after that\./,
      ),
    ).toBeVisible()
    await expect(cancel.getByText(/is not taken/)).toHaveCount(0)
    await cancel.getByRole('button', { name: 'Keep as it is' }).click()
    await expect(cancel).toHaveCount(0)

    // Pausing them does not move that retry either, and the dialog says so.
    await overview.getByRole('button', { name: 'Pause' }).click()
    const pause = page.getByRole('dialog', { name: 'Pause membership' })
    await expect(
      pause.getByText(
        /What they owe for this period is still collected: the \$[\d,]+\.\d\d charge due .* is taken\./i,
      ),
    ).toBeVisible()
    await expect(pause.getByText(/is moved if the pause covers it/)).toHaveCount(0)
  })

  test('a price change with no day for a member within their term says it waits for the term, as the e-mail does', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members' })
    // A member whose term is still running.
    const found = await page.evaluate(async () => {
      const headers = { 'X-Requested-With': 'XMLHttpRequest' }
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date())
      for (let pageNumber = 1; pageNumber <= 10; pageNumber += 1) {
        const list = await (
          await fetch(`/api/members?state=active&per_page=100&page=${pageNumber}`, { headers })
        ).json()
        for (const row of list.data as Array<{ id: number }>) {
          const detail = (await (await fetch(`/api/members/${row.id}`, { headers })).json()).data
          const ends = detail.membership?.term_ends_at as string | null | undefined
          if (ends && ends > today && !detail.membership.price_change) return { id: row.id, ends }
        }
      }
      return null
    })
    expect(found).not.toBeNull()
    await page.goto(`${consoleUrl}/members/${found?.id}`)
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await overview.getByRole('button', { name: 'Change price' }).click()
    const change = page.getByRole('dialog', { name: 'Change price' })
    await change.getByRole('button', { name: /New price/ }).click()
    await page.getByRole('option').first().click()
    // Emptied, the day is the rules' own: after the term and its grace period.
    const day = change.getByRole('group', { name: 'Takes effect on' })
    for (const segment of ['Day', 'Month', 'Year']) await day.getByLabel(segment).fill('')
    await expect(change.getByText(/^Empty: after the term ends on /)).toBeVisible()
    // The server names the day: the first renewal after the term and its grace, as the e-mail does.
    const effect = change.getByText(/^From \d{1,2} \w{3} \d{4} .* pays \$/)
    await expect(effect).toBeVisible()
    const firstDay = /^From (\d{1,2} \w{3} \d{4})/.exec((await effect.textContent()) ?? '')?.[1] ?? ''
    await change.getByRole('button', { name: 'Preview the e-mail' }).click()
    await expect(change.getByRole('region', { name: 'E-mail preview' })).toContainText(
      `From ${firstDay} your`,
    )
    await change.getByRole('button', { name: 'Keep as it is' }).click()
    await expect(change).toHaveCount(0)
  })

  test('on a 390 px phone the change-price list shows when each member’s price changes without scrolling sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members/change-price' })
    await page.getByRole('button', { name: /Members now on$/ }).click()
    await page
      .getByRole('option', { name: /members?$/ })
      .first()
      .click()
    const table = page.getByRole('table', { name: 'Memberships on this price' })
    await expect(table.getByRole('row').nth(1)).toContainText(
      /Changes: (\d{1,2} [A-Z][a-z]{2,3} \d{4}|After the term)/,
    )
    await expect(
      table
        .getByRole('row')
        .nth(1)
        .getByText(/^Changes:/),
    ).toBeVisible()
    const frame = await table.evaluate((element) => {
      const parent = element.parentElement as HTMLElement
      return { scrollWidth: parent.scrollWidth, clientWidth: parent.clientWidth }
    })
    expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth)
  })

  test('the desk adds a member with a membership; the member follows the e-mailed link and goes on joining @phone', async ({
    page,
    browser,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members' })
    await page.getByRole('link', { name: 'Add member' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add member' })).toBeVisible()
    // Pressed at once with nothing filled: every required field says so.
    await page.getByRole('button', { name: 'Add and send the link' }).click()
    await expect(page.getByText('Value is required').first()).toBeVisible()

    const email = uniqueEmail('added')
    const since = new Date()
    await page.getByRole('textbox', { name: 'Name' }).fill('Wiremu Added')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByRole('textbox', { name: 'Mobile' }).fill('021 555 0177')
    const dob = page.getByRole('group', { name: 'Date of birth' })
    await dob.getByLabel('Day').fill('09')
    await dob.getByLabel('Month').fill('08')
    await dob.getByLabel('Year').fill('1994')
    await page.getByRole('button', { name: /Gym$/ }).click()
    await page.getByRole('option', { name: 'Ponsonby' }).click()
    await page.getByRole('button', { name: /Membership/ }).click()
    const option = page.getByRole('option', { name: /24\/7 Access · \$\d+\.\d{2} weekly/ }).first()
    const chosen = (await option.textContent()) ?? ''
    await option.click()
    await page.getByRole('textbox', { name: 'Name' }).press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: /Wiremu Added/ })).toBeVisible()
    await expect(
      page.getByText(`Wiremu Added added: the link to finish joining is on its way to ${email}`),
    ).toBeVisible()
    await expect(page.getByText('No membership yet')).toBeVisible()

    // The member, on their phone, opens the e-mailed link.
    const mail = await waitForMail({ to: email, since, subject: /Finish joining Ponsonby/ })
    expect(mail.text).toContain('Nothing is charged until you confirm')
    const phone = await browser.newContext({
      ...devices['Pixel 7'],
      locale: 'en-NZ',
      timezoneId: 'Pacific/Auckland',
    })
    const member = await phone.newPage()
    await member.goto(
      linkIn(mail)
        .toString()
        .replace(/^http:\/\/[^/]+/, joinUrl),
    )
    await expect(member.getByRole('heading', { name: 'Finish joining' })).toBeVisible()
    await member.getByLabel('New password', { exact: true }).fill('a long enough passphrase')
    await member.getByLabel('Repeat the new password').fill('a long enough passphrase')
    await member.getByRole('button', { name: 'Set password and go on' }).click()
    await expect(member.getByRole('heading', { name: 'About you' })).toBeVisible()
    // The membership the desk chose waits for them at confirm.
    const kept = await member.evaluate(() => window.localStorage.getItem('gymbase.join.price'))
    expect(kept).toMatch(/^\d+$/)
    expect(chosen).toContain('24/7 Access')
    await phone.close()
  })
})

test.describe('a member’s details', () => {
  test('an owner corrects a member’s details, then deletes them after reading what that does', async ({
    page,
  }) => {
    const gym = (await joinGyms(page)).find((candidate) => candidate.name === 'Ponsonby')
    const name = `Details Tester ${Date.now() % 100000}`
    const registered = await apiPost(page, 'join', '/register', {
      gym: gym?.uuid,
      name,
      email: uniqueEmail('details'),
      mobile_number: '021 555 0188',
      dob: '1992-06-07',
      password: 'a long enough passphrase',
    })
    expect(registered.status()).toBe(201)
    await page.context().clearCookies()
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: `/members?search=${encodeURIComponent(name)}` })
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible()

    await page.getByRole('button', { name: 'Edit details' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit details' })
    await edit.getByRole('textbox', { name: 'Post code' }).fill('12')
    await edit.getByRole('textbox', { name: 'Tags' }).fill('VIP, Student, VIP')
    await edit.getByRole('textbox', { name: 'Mobile', exact: true }).fill('027 555 0199')
    await edit.getByRole('button', { name: 'Save details' }).click()
    await expect(edit.getByText('Enter the 4-digit post code.')).toBeVisible()
    await edit.getByRole('textbox', { name: 'Post code' }).fill('1011')
    await edit.getByRole('textbox', { name: 'Post code' }).press('Enter')
    await expect(page.getByText(`${name}’s details saved`)).toBeVisible()
    const overview = page.getByRole('tabpanel', { name: 'Overview' })
    await expect(overview.getByText('027 555 0199')).toBeVisible()
    await expect(overview.getByText('VIP', { exact: true })).toBeVisible()
    await expect(overview.getByText('Student', { exact: true })).toBeVisible()
    await page.getByRole('tab', { name: 'History' }).click()
    await expect(
      page.getByRole('list', { name: 'History' }).getByText(/^Details changed: mobile, post code, tags/),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Delete member' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` })
    await expect(confirm).toContainText('They can no longer sign in and leave the members list.')
    await confirm.getByRole('button', { name: 'Delete member' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/members`)
    await expect(page.getByText(`${name} deleted`)).toBeVisible()
    await page.goto(`${consoleUrl}/members?search=${encodeURIComponent(name)}`)
    await expect(page.getByText('No members match these filters')).toBeVisible()
  })
})

test.describe('a member’s e-mail', () => {
  test('an owner changes a member’s sign-in address; a taken one is refused, the old one is told', async ({
    page,
  }) => {
    const gym = (await joinGyms(page)).find((candidate) => candidate.name === 'Ponsonby')
    const name = `Address Tester ${Date.now() % 100000}`
    const old = uniqueEmail('address-old')
    const taken = uniqueEmail('address-taken')
    for (const [who, email] of [
      [name, old],
      [`${name} Other`, taken],
    ] as const) {
      const registered = await apiPost(page, 'join', '/register', {
        gym: gym?.uuid,
        name: who,
        email,
        mobile_number: '021 555 0189',
        dob: '1991-05-06',
        password: 'a long enough passphrase',
      })
      expect(registered.status()).toBe(201)
      await page.context().clearCookies()
    }
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: `/members?search=${encodeURIComponent(old)}` })
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible()

    await page.getByRole('button', { name: 'Edit details' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit details' })
    const email = edit.getByRole('textbox', { name: 'E-mail', exact: true })
    await expect(email).toHaveValue(old)
    await email.fill('not an address')
    await edit.getByRole('button', { name: 'Save details' }).click()
    await expect(edit.getByText('Value is not a valid email address')).toBeVisible()
    await email.fill(taken.toUpperCase())
    await edit.getByRole('button', { name: 'Save details' }).click()
    await expect(edit.getByText('The email has already been taken.').first()).toBeVisible()

    const fresh = uniqueEmail('address-new')
    const since = new Date()
    await email.fill(fresh)
    await edit.getByRole('button', { name: 'Save details' }).click()
    await expect(page.getByText(`${name}’s details saved`)).toBeVisible()
    await expect(page.getByRole('link', { name: fresh })).toBeVisible()
    await expect(page.getByRole('link', { name: old })).toHaveCount(0)

    const notice = await waitForMail({ to: old, since, subject: /sign-in address has changed/ })
    expect(notice.text).toContain(`changed the e-mail address you sign in with to ${fresh}`)
    expect(notice.text).toContain('If you didn’t ask for this, contact')
    await page.getByRole('tab', { name: 'History' }).click()
    await expect(
      page
        .getByRole('list', { name: 'History' })
        .getByText(`Details changed: e-mail; the member was told at ${old}`),
    ).toBeVisible()
  })
})

test.describe('a member’s activity', () => {
  test('visits per week, the billing periods and cost per visit, over a chosen range, with tables', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members?search=Aroha%20Ngata' })
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Aroha Ngata' }).click()
    await page.getByRole('link', { name: 'Activity' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Aroha Ngata: activity' })).toBeVisible()
    const visits = page.getByRole('region', { name: 'Visits per week' })
    await expect(visits.getByText(/^\d+ in 12 weeks$/)).toBeVisible()
    await visits.getByRole('button', { name: 'Show as a table' }).click()
    await expect(visits.getByRole('table').locator('tbody tr')).toHaveCount(12)
    const cost = page.getByRole('region', { name: 'Cost per visit' })
    await expect(cost.getByText(/^\$[\d,]+\.\d{2} paid; \$\d+\.\d{2} a visit on average$/)).toBeVisible()
    await expect(
      page.getByRole('region', { name: 'Billing periods' }).getByText('Paid').first(),
    ).toBeVisible()

    await page.getByRole('button', { name: /Range$/ }).click()
    await page.getByRole('option', { name: 'Last 4 weeks' }).click()
    await expect(page).toHaveURL(/weeks=4/)
    await expect(visits.getByText(/^\d+ in 4 weeks$/)).toBeVisible()
  })
})

test.describe('the bulk price change', () => {
  test('an owner picks a price, leaves everyone out but one, previews the e-mail and schedules it', async ({
    page,
  }) => {
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/members' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change price' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Change price' })).toBeVisible()
    await page.getByRole('button', { name: /Members now on$/ }).click()
    await page
      .getByRole('option', { name: /members?$/ })
      .first()
      .click()
    await expect(page).toHaveURL(/from=\d+/)
    const table = page.getByRole('table', { name: 'Memberships on this price' })
    await expect(table.getByRole('rowheader').first()).toBeVisible()

    // Everyone out, then one back in. The box starts checked, or mixed when some already have a change
    // scheduled; from either, pressing it ends on "nobody" after one or two presses.
    const everyone = table.getByRole('checkbox', { name: 'Include everyone' })
    if (await everyone.isChecked()) await table.getByText('Include everyone').click({ force: true })
    if (!(await everyone.isChecked())) await table.getByText('Include everyone').click({ force: true })
    await table.getByText('Include everyone').click({ force: true })
    await expect(everyone).not.toBeChecked()
    const name = (await table.getByRole('rowheader').first().textContent()) ?? ''
    await table.getByText(`Include ${name}`).click({ force: true })
    await expect(page.getByRole('button', { name: 'Schedule for 1 member' })).toBeVisible()

    await page.getByRole('button', { name: /New price$/ }).click()
    const optionNames = await page.getByRole('option').allTextContents()
    await page.getByRole('option').first().click()
    await expect(
      page.getByText(
        /^1 member moves from \$\d+\.\d{2} .* to \$\d+\.\d{2} .*, each from the end of their current period\./,
      ),
    ).toBeVisible()
    await page.keyboard.press('Escape')

    // Before confirming, the dialog lists who moves and how: rise or cut, the amounts and the day. A rise
    // at the period end (days away) needs more notice: it is refused there, and cannot be confirmed.
    const since = new Date()
    let scheduled = false
    for (const option of optionNames) {
      await page.getByRole('button', { name: /New price/ }).click()
      await page.getByRole('option', { name: option, exact: true }).click()
      // The e-mail preview says a refusal in the same words, else shows the member's e-mail.
      await page.getByRole('button', { name: 'Preview the e-mail' }).click()
      await expect(
        page
          .getByRole('region', { name: 'E-mail preview' })
          .or(page.getByText(/^Price rises need 30 days' notice: the earliest day is /)),
      ).toBeVisible()
      if ((await page.getByRole('region', { name: 'E-mail preview' }).count()) > 0) {
        await expect(page.getByRole('region', { name: 'E-mail preview' })).toContainText(`As ${name} gets it`)
      }
      await page.getByRole('button', { name: 'Schedule for 1 member' }).click()
      const confirm = page.getByRole('dialog', { name: /^Move 1 member to / })
      const affected = confirm.getByRole('list', { name: 'Members affected' })
      await expect(affected.getByRole('listitem')).toHaveCount(1)
      await expect(affected).toContainText(name)
      await expect(
        affected.getByText(/^\$[\d,]+\.\d{2} → \$[\d,]+\.\d{2} from \d{1,2} \w{3} \d{4}$/),
      ).toBeVisible()
      if ((await affected.getByText(/^Refused: /).count()) > 0) {
        await expect(affected.getByText('Rise', { exact: true })).toBeVisible()
        await expect(
          affected.getByText(
            /^Refused: Price rises need 30 days' notice: the earliest day is \d{1,2} \w{3} \d{4}$/,
          ),
        ).toBeVisible()
        await expect(confirm.getByRole('button', { name: 'Schedule and e-mail them' })).toBeDisabled()
        await confirm.getByRole('button', { name: 'Cancel' }).click()
        continue
      }
      await confirm.getByRole('button', { name: 'Schedule and e-mail them' }).click()
      scheduled = true
      break
    }
    expect(scheduled, 'a price that is not a rise too soon').toBe(true)
    await expect(page.getByText('Scheduled for 1 member; each has been e-mailed.')).toBeVisible()
    const sentTo =
      (
        (await page
          .getByRole('listitem')
          .filter({ hasText: /: from / })
          .first()
          .textContent()) ?? ''
      ).split(':')[0] ?? ''
    const mail = await waitForMail({ to: sentTo, since })
    expect(mail.subject.length).toBeGreaterThan(0)
  })
})
