import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { otherUrl } from '../../../playwright.config'
import { checkSecretsAtRest } from './secrets-at-rest'
import { startSmtpServer } from './smtp'

/**
 * Starts the test SMTP server for the whole run (Playwright calls the returned function at the end, which
 * also looks for secrets at rest) and
 * forgets the sessions an earlier run stored: the server's data folder may be new. On a new one the
 * server answers before the demo's members and year of history are made (ADR 021); the tests count on
 * the whole demo, so wait for it.
 */
export default async function globalSetup() {
  rmSync(join(process.cwd(), 'test-results', 'sessions'), { recursive: true, force: true })
  const stopSmtp = await startSmtpServer()
  await waitForDemoHistory()
  // The run's last check (ADR 057): nothing secret left in the log, the outbox or the database. A
  // finding fails the run, whichever tests it ran.
  return async () => {
    try {
      await checkSecretsAtRest()
    } finally {
      await stopSmtp()
    }
  }
}

async function waitForDemoHistory() {
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    let body: unknown
    try {
      body = await (await fetch(`${otherUrl}/api/health`)).json()
    } catch {
      // No server (yet): Playwright starts it before this, so there is nothing to wait for.
      return
    }
    if (typeof body !== 'object' || body === null || !('demo_history' in body)) return
    if (body.demo_history !== 'in_progress') return
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error('The demo history was not made within 5 minutes')
}
