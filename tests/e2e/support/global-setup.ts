import { startSmtpServer } from './smtp'

/** Starts the test SMTP server for the whole run; Playwright calls the returned function at the end. */
export default async function globalSetup() {
  return startSmtpServer()
}
