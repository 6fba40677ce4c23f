import { consoleUrl, joinUrl } from '../../playwright.config'
import { apiPost, demoPassword, joinGyms, signInStaff, uniqueEmail, withLock } from './support/auth'
import { codeIn, linkIn, waitForMail } from './support/mailbox'
import { expect, test } from './support/test'

test.describe('staff sign-in on the console', () => {
  test('password, then the code from the e-mail (re-sent once), then back to the page asked for', async ({
    page,
  }) => {
    await page.goto(`${consoleUrl}/members?page=2`)
    await expect(page).toHaveURL(`${consoleUrl}/login?redirect=${encodeURIComponent('/members?page=2')}`)
    expect(await page.evaluate(() => localStorage.getItem('guest'))).toBe('isGuest')

    await withLock('owner@demo.gymbase.nz', async () => {
      await page.getByLabel('E-mail').fill('owner@demo.gymbase.nz')
      await page.getByLabel('Password', { exact: true }).fill('not the password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByText('These credentials do not match our records.')).toBeVisible()

      const since = new Date()
      await page.getByLabel('Password', { exact: true }).fill(demoPassword)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(/\/two-factor-authentication\?redirect=/)
      const first = await waitForMail({ to: 'owner@demo.gymbase.nz', since, subject: /sign-in code/i })
      expect(first.html).toContain(codeIn(first))
      expect(first.text).toContain('Demo Fitness')

      // A protected screen now sends the visitor to the code screen, not the login.
      await page.goto(`${consoleUrl}/dashboard`)
      await expect(page).toHaveURL(
        `${consoleUrl}/two-factor-authentication?redirect=${encodeURIComponent('/dashboard')}`,
      )

      const resentSince = new Date()
      await page.getByRole('button', { name: 'Send a new code' }).click()
      await expect(page.getByText('We have e-mailed you a new code.')).toBeVisible()
      const resent = await waitForMail({
        to: 'owner@demo.gymbase.nz',
        since: resentSince,
        subject: /sign-in code/i,
      })
      await page
        .getByLabel('Code', { exact: true })
        .fill(codeIn(first) === codeIn(resent) ? '000000' : codeIn(first))
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByText(/That code is not right|This code has expired/)).toBeVisible()

      await page.getByLabel('Code', { exact: true }).fill(codeIn(resent))
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    })
    expect(await page.evaluate(() => localStorage.getItem('guest'))).toBe('isNotGuest')

    // Signed in, the login screen moves on.
    await page.goto(`${consoleUrl}/login`)
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
  })

  test('signs in with the keyboard alone', async ({ page }) => {
    await page.goto(`${consoleUrl}/login`)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('E-mail')).toBeFocused()
    await withLock('regional@demo.gymbase.nz', async () => {
      await page.keyboard.type('regional@demo.gymbase.nz')
      await page.keyboard.press('Tab')
      await page.keyboard.type(demoPassword)
      const since = new Date()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
      await expect(page.getByLabel('Code', { exact: true })).toBeFocused()
      const code = codeIn(
        await waitForMail({ to: 'regional@demo.gymbase.nz', since, subject: /sign-in code/i }),
      )
      await page.keyboard.type(code)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Space')
      await expect(page.getByRole('checkbox', { name: 'Remember this browser for 30 days' })).toBeChecked()
      await page.keyboard.press('Enter')
    })
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
  })

  test('organisation settings are for organisation admins only', async ({ page }) => {
    await signInStaff(page, 'trainer@demo.gymbase.nz', { path: '/organisation/settings' })
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
    await page.goto(`${consoleUrl}/organisation/settings`)
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
  })

  test('a staff user on a registration route is sent to the console dashboard', async ({ page }) => {
    await signInStaff(page, 'manager@demo.gymbase.nz')
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
    // The join site is another host: without a shared cookie domain the console asks for sign-in there.
    await withLock('manager@demo.gymbase.nz', async () => {
      await page.goto(`${joinUrl}/login`)
      await page.getByLabel('E-mail').fill('manager@demo.gymbase.nz')
      await page.getByLabel('Password', { exact: true }).fill(demoPassword)
      const since = new Date()
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(/\/verification-code\?twoFactorAuth=true/)
      const code = codeIn(
        await waitForMail({ to: 'manager@demo.gymbase.nz', since, subject: /sign-in code/i }),
      )
      await page.getByLabel('Code', { exact: true }).fill(code)
      await page.getByRole('button', { name: 'Confirm' }).click()
    })
    await expect(page).toHaveURL(new RegExp(`^${consoleUrl}/(dashboard|login\\?redirect=%2Fdashboard)$`))
    await page.goto(`${joinUrl}/take-photo`)
    await expect(page).toHaveURL(new RegExp(`^${consoleUrl}/(dashboard|login\\?redirect=%2Fdashboard)$`))
  })
})

test.describe('members', () => {
  test('a member on a console screen is sent to the join site', async ({ page }) => {
    await page.goto(`${consoleUrl}/login?redirect=%2Fmembers`)
    await page.getByLabel('E-mail').fill('member@demo.gymbase.nz')
    await page.getByLabel('Password', { exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(new RegExp(`^${joinUrl}/`))
  })

  test('a signed-in member with a membership is routed to their account', async ({ page }) => {
    await page.goto(`${joinUrl}/login`)
    await page.getByLabel('E-mail').fill('member@demo.gymbase.nz')
    await page.getByLabel('Password', { exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${joinUrl}/account`)
    await page.goto(`${joinUrl}/`)
    await expect(page).toHaveURL(`${joinUrl}/account`)
  })

  test('sign-up, the e-mailed code, then the photo step @phone', async ({ page }) => {
    const email = uniqueEmail('aroha')
    await page.goto(`${joinUrl}/`)
    await expect(page.getByRole('heading', { name: 'Join your gym' })).toBeVisible()
    await page.getByRole('link', { name: /Ponsonby/ }).click()
    await expect(page.getByRole('heading', { name: 'Join Ponsonby' })).toBeVisible()

    await page.getByRole('button', { name: 'Join' }).click()
    await expect(page.getByLabel('Full name')).toBeFocused()
    await expect(page.getByText('Value is required').first()).toBeVisible()

    await page.getByLabel('E-mail').fill('member@demo.gymbase.nz')
    await page.getByLabel('Full name').click()
    await expect(page.getByText('This e-mail address is already registered. Sign in instead.')).toBeVisible()

    await page.getByLabel('Full name').fill('Aroha Test')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Mobile number').fill('021 555 0199')
    const dob = page.getByRole('group', { name: 'Date of birth' })
    await dob.getByLabel('Day').fill('17')
    await dob.getByLabel('Month').fill('05')
    await dob.getByLabel('Year').fill('1994')
    await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
    const since = new Date()
    await page.getByRole('button', { name: 'Join' }).click()
    await expect(page).toHaveURL(`${joinUrl}/verification-code?twoFactorAuth=true`)

    // Until the code is in, every registration step comes back here.
    await page.goto(`${joinUrl}/take-photo`)
    await expect(page).toHaveURL(/\/verification-code\?twoFactorAuth=true/)

    const mail = await waitForMail({ to: email, since, subject: /confirm/i })
    await page.getByLabel('Code', { exact: true }).fill(codeIn(mail))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page).toHaveURL(`${joinUrl}/about-you`)
    await page.goto(`${joinUrl}/`)
    await expect(page).toHaveURL(`${joinUrl}/about-you`)
  })

  test('Join works at a quick person’s speed: Enter in the last field, a fixed address, an empty date of birth', async ({
    page,
  }) => {
    await page.goto(`${joinUrl}/`)
    await page.getByRole('link', { name: /Newmarket/ }).click()
    const form = page.getByRole('form', { name: 'Join' })
    // Filled at autofill speed, the taken address last, and Enter at once.
    await page.getByLabel('Full name').fill('Quick Tester')
    await page.getByLabel('Mobile number').fill('021 555 0188')
    await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
    const email = page.getByLabel('E-mail')
    await email.fill('member@demo.gymbase.nz')
    await email.press('Enter')
    const taken = form.getByText('This e-mail address is already registered. Sign in instead.')
    await expect(taken).toBeVisible()
    // An empty date of birth says so.
    await expect(
      page.getByRole('group', { name: 'Date of birth' }).getByText('Value is required'),
    ).toBeVisible()

    const dob = page.getByRole('group', { name: 'Date of birth' })
    await dob.getByLabel('Day').fill('9')
    await dob.getByLabel('Month').fill('11')
    await dob.getByLabel('Year').fill('1988')
    // Fixing the address takes the old message away at once; Enter in the field then joins.
    await email.fill(uniqueEmail('quick'))
    await expect(taken).toHaveCount(0)
    await email.press('Enter')
    await expect(page).toHaveURL(`${joinUrl}/verification-code?twoFactorAuth=true`)
  })

  test('a date of birth is checked, not guessed @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${joinUrl}/`)
    await page.getByRole('link', { name: /Ponsonby/ }).click()
    await page.getByLabel('Full name').fill('Mere Dates')
    await page.getByLabel('E-mail').fill(uniqueEmail('dates'))
    await page.getByLabel('Mobile number').fill('021 555 0142')
    await page.getByLabel('Password', { exact: true }).fill('a long enough passphrase')
    const dob = page.getByRole('group', { name: 'Date of birth' })
    const error = dob.getByText('Value is not a valid date')

    // 31 February doesn't exist: refused as typed, not moved to the 28th.
    await dob.getByLabel('Day').fill('31')
    await dob.getByLabel('Month').fill('02')
    await dob.getByLabel('Year').fill('1990')
    await page.getByRole('button', { name: 'Join' }).click()
    await expect(error).toBeVisible()
    await expect(dob.getByLabel('Day')).toHaveValue('31')
    await expect(dob.getByLabel('Day')).toBeFocused()
    await expect(page.getByRole('heading', { name: 'Join Ponsonby' })).toBeVisible()

    // A date of birth in the future is an invalid date, not a too-young person.
    await dob.getByLabel('Day').fill('01')
    await dob.getByLabel('Year').fill(String(new Date().getFullYear() + 1))
    await page.getByRole('button', { name: 'Join' }).click()
    await expect(error).toBeVisible()
    await expect(page.getByText(/16 or older/)).toHaveCount(0)

    // A date pasted whole fills the three boxes.
    await dob.getByLabel('Day').fill('')
    await dob.getByLabel('Day').focus()
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.setData('text/plain', '29/02/2000')
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    })
    await expect(dob.getByLabel('Day')).toHaveValue('29')
    await expect(dob.getByLabel('Month')).toHaveValue('02')
    await expect(dob.getByLabel('Year')).toHaveValue('2000')
    await expect(error).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('forgot password, the e-mailed link, a new password, then sign in with it', async ({ page }) => {
    const email = uniqueEmail('reset')
    const gym = (await joinGyms(page)).find((candidate) => candidate.name === 'Takapuna')
    const registered = await apiPost(page, 'join', '/register', {
      gym: gym?.uuid,
      name: 'Reset Tester',
      email,
      mobile_number: '021 555 0123',
      dob: '1990-02-03',
      password: 'the original passphrase',
    })
    expect(registered.status()).toBe(201)

    await page.goto(`${joinUrl}/login`)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    // The sign-in page has an E-mail box too: wait for the new page before typing.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    const since = new Date()
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(/If that address has an account/)).toBeVisible()

    const link = linkIn(await waitForMail({ to: email, since, subject: /reset/i }))
    expect(link.origin).toBe(joinUrl)
    expect(link.pathname).toBe('/reset-password')
    await page.goto(link.href)
    await page.getByLabel('New password', { exact: true }).fill('a better new passphrase')
    await page.getByLabel('Repeat the new password').fill('a different passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('The value must be equal to the other value')).toBeVisible()
    await page.getByLabel('Repeat the new password').fill('a better new passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page).toHaveURL(/\/login\?notice=/)
    await expect(page.getByText('Your password has been changed. Sign in with it now.')).toBeVisible()

    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('a better new passphrase')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${joinUrl}/about-you`)

    await page.goto(link.href)
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase')
    await page.getByLabel('Repeat the new password').fill('yet another passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(
      page.getByText('This link has expired or was already used. Ask for a new one.'),
    ).toBeVisible()
  })
})

test.describe('a slow connection', () => {
  test('what was typed before the page had loaded is sent with the form', async ({ page }) => {
    // The page shows well before its code has arrived; the person types into it meanwhile.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    const loading = page.goto(`${joinUrl}/forgot-password`)
    await page.getByLabel('E-mail').fill('nobody-in-particular@example.nz')
    await loading
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText(/If that address has an account/)).toBeVisible()
    await expect(page.getByText('Value is required')).toHaveCount(0)
  })

  test('pressing Sign in before the page has loaded is kept and sent once it has, never as an address with the password', async ({
    page,
  }) => {
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue()
    })
    const loading = page.goto(`${consoleUrl}/login`)
    await page.getByLabel('E-mail').fill(uniqueEmail('early-press'))
    await page.getByLabel('Password', { exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Pressed before the code ran (the page is not hydrated yet).
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'no')).toBe('no')
    await loading
    // Once the code runs, the press is sent as if made then, with what was typed.
    await expect(page.getByText('These credentials do not match our records.')).toBeVisible()
    // The browser never sent the form itself: no address with the fields in it.
    expect(page.url()).toBe(`${consoleUrl}/login`)
  })
})

test.describe('guards on the join site', () => {
  test('a registration step sends a visitor to register with the way back', async ({ page }) => {
    await page.goto(`${joinUrl}/confirm-subscription`)
    await expect(page).toHaveURL(`${joinUrl}/?redirect=${encodeURIComponent('/confirm-subscription')}`)
  })

  test('the privacy policy is public on both sites', async ({ page }) => {
    for (const url of [`${consoleUrl}/legal/privacy-policy`, `${joinUrl}/legal/privacy-policy`]) {
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 1, name: /Privacy policy/i })).toBeVisible()
      await expect(page.getByText('Privacy Act 2020').first()).toBeVisible()
    }
  })
})
