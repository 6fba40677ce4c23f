import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { startSmtpServer } from './smtp'

/**
 * Starts the test SMTP server for the whole run (Playwright calls the returned function at the end) and
 * forgets the sessions an earlier run stored: the server's data folder may be new.
 */
export default async function globalSetup() {
  rmSync(join(process.cwd(), 'test-results', 'sessions'), { recursive: true, force: true })
  return startSmtpServer()
}
