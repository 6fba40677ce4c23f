/**
 * `npm run screenshots -- [path …]`: screenshots of screens at desktop (1280×800) and phone (390×844)
 * sizes into `.screenshots/`, from a running server (`npm start`; BASE_PORT, default 3000). Paths are
 * `console:/login`, `join:/`, `other:/`.
 */
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'

const port = process.env.BASE_PORT ?? '3000'
const hosts: Record<string, string> = {
  console: process.env.CONSOLE_HOST ?? 'console.localhost',
  join: process.env.JOIN_HOST ?? 'join.localhost',
  other: '127.0.0.1',
}
const targets = process.argv.slice(2)
const paths = targets.length > 0 ? targets : ['other:/', 'console:/login', 'join:/', 'join:/no-such-page']
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }

mkdirSync('.screenshots', { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
for (const target of paths) {
  const [site = 'console', path = '/'] = target.split(/:(.*)/s)
  for (const [size, viewport] of Object.entries(sizes)) {
    const page = await browser.newPage({ viewport, locale: 'en-NZ', timezoneId: 'Pacific/Auckland' })
    await page.goto(`http://${hosts[site]}:${port}${path}`, { waitUntil: 'networkidle' })
    const file = `.screenshots/${site}${path.replace(/[^a-z0-9]+/gi, '-')}-${size}.png`
    await page.screenshot({ path: file, fullPage: true })
    console.info(file)
    await page.close()
  }
}
await browser.close()
