import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests against the production build (`npm run build && npm start`), on Debian's Chromium:
 * Playwright's own browser download is not reachable from our machines.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
export const consoleUrl = `http://console.localhost:${port}`
export const joinUrl = `http://join.localhost:${port}`
export const otherUrl = `http://127.0.0.1:${port}`
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e'
/** The browser tests' server writes its log here, for the last check (global teardown, ADR 057). */
export const serverLogFile = `${dataDir}/server.log`

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A first sign-in through the screens (code by e-mail) plus the test itself, on a busy 2-core machine.
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: consoleUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-NZ',
    timezoneId: 'Pacific/Auckland',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // The join flow's photo step: a fake camera (a moving test pattern), allowed without a prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // A data folder of its own, so browser tests never touch the developer's demo data.
    // Its log goes to a file of the run, which the last check reads (nothing secret in it).
    command: `mkdir -p ${dataDir} && npm start >> ${serverLogFile} 2>&1`,
    url: `${otherUrl}/api/health`,
    // Build plus the first start's seed, which runs a year of billing through the engine (ADR 012).
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // All a deployment logs (info), so the last check reads what a deployment's log would hold.
      LOG_LEVEL: 'info',
      // The data a test needs that no screen makes on the sandboxes (a failed webhook event to reprocess).
      TEST_SUPPORT_ROUTES: 'true',
      // Each test is a person on a device of their own (tests/e2e/support/test.ts sends its address as a
      // proxy would), so the per-address limits (sign-ups, sign-ins) count each test, not the whole suite.
      TRUST_PROXY: 'true',
      // Mail goes over real SMTP to the server the global setup starts (tests/e2e/support/smtp.ts).
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 3125}`,
    },
  },
})
