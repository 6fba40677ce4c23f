import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Request } from '@playwright/test'
import { demoPassword, withLock } from './support/auth'
import { completeEachCheck } from './support/card-checks'
import { type FakeStripe, startFakeStripe } from './support/fake-stripe'
import { acceptAndConfirm, fillAboutYou, signUpThroughScreens, takePhoto } from './support/join'
import { codeIn, linkIn, waitForMail } from './support/mailbox'
import { smtpPort } from './support/smtp'
import { routeStripeJs } from './support/stripe-js-stub'
import { expect, test } from './support/test'

/**
 * The join site's card step with Stripe (issue 26, points 2 and 8): Stripe.js and the Payment Element on
 * the gym's connected account, against a stubbed Stripe.js (`support/stripe-js-stub.ts`) and a fake
 * Stripe API (`support/fake-stripe.ts`). The shared web server runs the sandbox, so this file starts a
 * server of its own with Stripe test keys and `STRIPE_API_BASE` pointing at the fake, on its own port
 * and data folder, from the build the shared server made.
 */

const port = Number(process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1)
const base = `http://join.localhost:${port}`
const dataDir = join(process.cwd(), '.data', `e2e-stripe-${port}`)

/** `GET /api/me/payment-types`'s answer, the fields read here (`paymentTypeSchema`). */
interface PaymentTypes {
  data: Array<{ type: string; brand: string | null; last_four: string | null; exp_month: number | null }>
}

let fake: FakeStripe
let server: ChildProcess | undefined
let serverLog = ''

test.use({ permissions: ['camera'] })
// Serial, on one server: a sign-up through the screens, then the card step, on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  // A new server: migrations and the demo's gyms first (its members and history follow in the background).
  test.setTimeout(600_000)
  fake = await startFakeStripe()
  rmSync(dataDir, { recursive: true, force: true })
  server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: process.cwd(),
    env: {
      ...serverEnv(),
      SKIP_BUILD: 'true',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Test keys of the right shapes; every call they make goes to the fake.
      STRIPE_SECRET_KEY: 'sk_test_51E2eGymbaseFakeSecretKey000000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51E2eGymbaseFakePublishableKey0',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2eGymbaseFakeWebhookSecret000000',
      STRIPE_API_BASE: fake.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()))
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()))
  // As the shared server's global setup does: the demo's history holds the one embedded database while
  // it is made, and a sign-up would wait behind it.
  const deadline = Date.now() + 500_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The Stripe test server stopped:\n${serverLog}`)
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`)
      const health: { demo_history?: string } = await answer.json()
      if (answer.ok && health.demo_history !== 'in_progress') return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`The Stripe test server did not start:\n${serverLog}`)
})

test.afterAll(async () => {
  const running = server
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
    if (running.exitCode === null) running.kill('SIGKILL')
  }
  await fake?.close()
})

/**
 * This process's environment without Playwright's own: its `NODE_OPTIONS` loads Playwright's TypeScript
 * hooks, which the server must not run under.
 */
function serverEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_OPTIONS' && !name.startsWith('PW_') && !name.startsWith('PLAYWRIGHT_'),
    ),
  )
}

/** Everything the page sent to our own server (not to Stripe): where a card number must never be. */
function ownServerBodies(page: Page): string[] {
  const bodies: string[] = []
  page.on('request', (request: Request) => {
    if (new URL(request.url()).port === String(port)) bodies.push(request.postData() ?? '')
  })
  return bodies
}

/** A new member through the join site to the card step, Stripe.js answered by the stub. */
async function toCardStep(page: Page, prefix: string) {
  const stripeJs = await routeStripeJs(page, fake)
  const sent = ownServerBodies(page)
  const name = `Stripe Joiner ${Date.now().toString(36)}`
  await signUpThroughScreens(page, { gym: /Ponsonby/, name, prefix, base })
  await fillAboutYou(page, base)
  await takePhoto(page, base)
  // The pages before the card step never load Stripe.js.
  expect(stripeJs.loads).toBe(0)
  const setupsBefore = setupIntentsMade()
  await page.getByRole('link', { name: /^Card/ }).click()
  await expect(page).toHaveURL(`${base}/card-details`)
  const element = page.getByRole('group', { name: 'Stripe payment details' })
  await expect(element).toBeVisible()
  // Our own card form is not there: the card goes into Stripe's element only.
  await expect(page.getByLabel('Expiry', { exact: true })).toHaveCount(0)
  return { name, stripeJs, sent, element, setupsBefore }
}

const setupIntentsMade = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/setup_intents')

async function typeCard(element: ReturnType<Page['getByRole']>, number: string) {
  await element.getByLabel('Card number').fill(number)
  await element.getByLabel('Expiration date').fill('12 / 30')
  await element.getByLabel('Security code').fill('123')
}

test.describe('the card step with Stripe', () => {
  test('Stripe.js on the gym’s account: a declined card is said in plain words, then 4242 is saved and pays', async ({
    page,
  }) => {
    const step = await toCardStep(page, 'stripe-card')
    expect(step.stripeJs.loads).toBe(1)
    const made = setupIntentsMade().slice(step.setupsBefore.length)
    expect(made).toHaveLength(1)
    const account = made[0]?.account
    // A SetupIntent on the gym's connected account (direct charges), made with the secret key.
    expect(account).toMatch(/^acct_\w+$/)
    expect(made[0]?.key).toMatch(/^sk_test_/)
    const stub = await page.evaluate(() => JSON.parse(JSON.stringify(window.__stripeStub)))
    expect(stub.instances).toEqual([
      { key: 'pk_test_51E2eGymbaseFakePublishableKey0', stripeAccount: account },
    ])
    expect(stub.elements[0].clientSecret).toMatch(/^seti_\w+_secret_\w+$/)

    await typeCard(step.element, '4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Save card' }).click()
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.')
    await expect(page).toHaveURL(`${base}/card-details`)

    await typeCard(step.element, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Save card' }).click()
    await expect(page).toHaveURL(`${base}/card-connected`)
    const confirmed = await page.evaluate(() => window.__stripeStub?.lastConfirm)
    // 3-D Secure stays on the page (Stripe's modal); a redirect-based step comes back to this page.
    expect(confirmed).toEqual({ returnUrl: `${base}/card-details`, redirect: 'if_required' })
    // The decline and the success were the same setup: one for the visit.
    expect(setupIntentsMade().slice(step.setupsBefore.length)).toHaveLength(1)
    // The card's number, expiry and CVC went to Stripe only.
    for (const body of step.sent) {
      expect(body).not.toContain('4242424242424242')
      expect(body).not.toContain('4000000000000002')
    }

    await page.getByRole('button', { name: 'Continue' }).click()
    await acceptAndConfirm(page, step.name, { base })
    await expect(page).toHaveURL(`${base}/welcome-to-gym`)
    await expect(page.getByText(/^Paid: \$[\d.]+ from your Visa ending 4242\.$/)).toBeVisible()
  })

  test('pressing Save twice confirms once and keeps one card', async ({ page }) => {
    const step = await toCardStep(page, 'stripe-twice')
    await typeCard(step.element, '4242424242424242')
    await page.getByRole('button', { name: 'Save card' }).dblclick()
    await expect(page).toHaveURL(`${base}/card-connected`)
    const confirms = await page.evaluate(() => window.__stripeStub?.confirmSetup)
    expect(confirms).toBe(1)
    expect(setupIntentsMade().slice(step.setupsBefore.length)).toHaveLength(1)
    // The member's own list of payment methods (their session's API): one card, the one confirmed.
    // Asked from the page (its session cookie; Node cannot resolve join.localhost).
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/me/payment-types')
      return { status: response.status, body: await response.json() }
    })
    expect(answer.status).toBe(200)
    const { data }: PaymentTypes = answer.body
    expect(data.filter((method) => method.type === 'stripe_card')).toEqual([
      expect.objectContaining({ brand: 'visa', last_four: '4242', exp_month: 12 }),
    ])
  })

  test('a card that asks for 3-D Secure is confirmed in Stripe’s modal while the member is here', async ({
    page,
  }) => {
    const step = await toCardStep(page, 'stripe-3ds')
    await typeCard(step.element, '4000 0025 0000 3155')
    await page.getByRole('button', { name: 'Save card' }).click()
    const challenge = page.getByRole('dialog', { name: '3D Secure test authentication' })
    await challenge.getByRole('button', { name: 'Fail authentication' }).click()
    await expect(page.getByRole('alert')).toContainText('We are unable to authenticate your payment method.')
    await page.getByRole('button', { name: 'Save card' }).click()
    await challenge.getByRole('button', { name: 'Complete authentication' }).click()
    await expect(page).toHaveURL(`${base}/card-connected`)
  })
})

/** The demo owner signed in on this server's console, through its screens (a code by e-mail). */
async function ownerOnConsole(page: Page) {
  const consoleBase = `http://console.localhost:${port}`
  await withLock('owner@demo.gymbase.nz', async () => {
    const since = new Date()
    await page.goto(`${consoleBase}/dashboard`)
    await page.getByLabel('E-mail').fill('owner@demo.gymbase.nz')
    await page.getByLabel('Password', { exact: true }).fill(demoPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
    const mail = await waitForMail({ to: 'owner@demo.gymbase.nz', since, subject: /sign-in code/i })
    await page.getByLabel('Code', { exact: true }).fill(codeIn(mail))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${consoleBase}/dashboard`)
  })
}

test.describe('the payment link with Stripe', () => {
  test('a card whose bank asks on every payment: saved with Stripe’s check, then paid on-session with Stripe.js’s check', async ({
    page,
    browser,
  }) => {
    await ownerOnConsole(page)
    // A failed card payment of the demo's (its cards are not Stripe's, so they decline here), sent as a link.
    const failure = await page.evaluate(async () => {
      const headers = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' }
      const list = await fetch('/api/payments?status=failed&type=card&per_page=50', { headers })
      const { data } = (await list.json()) as {
        data: Array<{ id: number; fixable: boolean; member: { id: number } }>
      }
      const row = data.find((candidate) => candidate.fixable)
      if (!row) return null
      const member = await fetch(`/api/members/${row.member.id}`, { headers })
      const { data: detail } = (await member.json()) as { data: { email: string } }
      return { id: row.id, email: detail.email }
    })
    expect(failure).not.toBeNull()
    const since = new Date()
    const sent = await page.evaluate(async (id) => {
      const answer = await fetch(`/api/payments/${id}/payment-link`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      })
      return answer.status
    }, failure?.id)
    expect(sent).toBe(201)
    const mail = await waitForMail({ to: failure?.email ?? '', since, subject: /payment didn’t go through/ })
    const link = linkIn(mail)
    expect(link.host).toBe(`join.localhost:${port}`)

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-NZ' })
    const member = await phone.newPage()
    const stripeJs = await routeStripeJs(member, fake)
    await member.goto(link.toString())
    await expect(member.getByRole('heading', { name: 'Pay what you owe' })).toBeVisible()
    // Nothing of Stripe's loads until the card form opens.
    expect(stripeJs.loads).toBe(0)
    await member.getByRole('radio', { name: 'A new card' }).check({ force: true })
    const element = member.getByRole('group', { name: 'Stripe payment details' })
    await expect(element).toBeVisible()
    // Only Stripe's fields to type a card into: the sandbox's never showed first.
    await expect(member.getByLabel('Expiry', { exact: true })).toHaveCount(0)
    await typeCard(element, '4000 0027 6000 3184')
    await member.getByRole('button', { name: 'Save card' }).click()
    // The bank's check when saved, in Stripe's modal.
    await member
      .getByRole('dialog', { name: '3D Secure test authentication' })
      .getByRole('button', { name: 'Complete authentication' })
      .click()
    // Kept for later payments too (the box is ticked): the demo member may have a 3184 card already.
    await expect(
      member.getByRole('radio', { name: /^Visa ending 3184.*\(used for your payments now\)$/ }),
    ).toBeChecked()

    const pay = member.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ })
    const amount = (await pay.textContent())?.replace('Pay ', '') ?? ''
    const intentsBefore = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    ).length
    await pay.click()
    // Each owed period's charge waits for the member: Stripe.js's handleNextAction shows the bank's check.
    const paid = member.getByRole('heading', { name: 'Thank you, you’re all paid up' })
    const checks = await completeEachCheck(
      member.getByRole('dialog', { name: '3D Secure test authentication' }),
      'Complete authentication',
      paid,
    )
    expect(checks).toBeGreaterThanOrEqual(1)
    await expect(member.getByText(`We’ve taken ${amount} from Visa ending 3184`)).toBeVisible()
    expect(await member.evaluate(() => window.__stripeStub?.handleNextAction)).toBe(checks)
    // One PaymentIntent, confirmed on-session (no off_session) on the gym's account, back to the link's page.
    const made = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .slice(intentsBefore)
    expect(made).toHaveLength(checks)
    expect(made[0]?.account).toMatch(/^acct_\w+$/)
    expect(made[0]?.body.off_session).toBeUndefined()
    expect(String(made[0]?.body.return_url)).toMatch(
      new RegExp(`^http://join\\.localhost:${port}/pay\\?token=`),
    )
    await member.reload()
    await expect(member.getByRole('heading', { name: 'This link has already been used' })).toBeVisible()
    await phone.close()
  })
})
