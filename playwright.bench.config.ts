import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * `npm run bench:pages`: the browser tests' set-up (production build, own data folder, test SMTP for
 * the sign-in code) driving tests/bench instead of tests/e2e. One worker, so visits don't compete.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/bench',
  testMatch: '**/*.bench.ts',
  workers: 1,
  retries: 0,
  reporter: [['list']],
  projects: [{ name: 'bench', use: base.projects?.[0]?.use }],
})
