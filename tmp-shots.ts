// Temporary: signs in as a demo user and screenshots console paths (desktop + phone). Not committed.
import { simpleParser } from 'mailparser'
import { chromium } from 'playwright-core'
import { SMTPServer } from 'smtp-server'

const [email = 'owner@demo.gymbase.nz', ...paths] = process.argv.slice(2)
const port = process.env.BASE_PORT ?? '3000'
const codes: string[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      const code = (mail.text ?? '').match(/\b(\d{6})\b/)?.[1]
      if (code) codes.push(code)
      callback()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(2525, '127.0.0.1', () => resolve()))
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const context = await browser.newContext({ locale: 'en-NZ', timezoneId: 'Pacific/Auckland' })
const page = await context.newPage()
await page.goto(`http://console.localhost:${port}/login`)
await page.waitForSelector('html[data-hydrated]')
await page.getByLabel('E-mail').fill(email)
await page.getByLabel('Password', { exact: true }).fill('gymbase-demo')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor()
for (let i = 0; i < 60 && codes.length === 0; i++) await new Promise((r) => setTimeout(r, 500))
await page.getByLabel('Code', { exact: true }).fill(codes.at(-1) ?? '')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.waitForURL(/dashboard/)
for (const path of paths) {
  for (const [size, viewport] of Object.entries({
    desktop: { width: 1280, height: 800 },
    phone: { width: 390, height: 844 },
  })) {
    await page.setViewportSize(viewport)
    await page.goto(`http://console.localhost:${port}${path}`, { waitUntil: 'networkidle' })
    const file = `.screenshots/console${path.replace(/[^a-z0-9]+/gi, '-')}-${size}.png`
    await page.screenshot({ path: file, fullPage: true })
    console.info(file)
  }
}
await browser.close()
smtp.close()
