/**
 * `npm run start:cluster` (issue 29 point 3, ADR 052): three app processes behind one port and a job
 * worker, on a fresh PostgreSQL database (TEST_DATABASE_URL's server when set, else 127.0.0.1:5432;
 * created here, dropped at the end). A staff member signs in on the console through the screens, with
 * the code the worker mailed to the test SMTP server, and is then served, signed in, by an app process
 * other than the one that checked the code: the session lives in the database, not in a process.
 *
 * Each answer names its app process (`X-Gymbase-App: 1…3`, only in the cluster). The primary hands each
 * new connection to the next process in turn, so a browser context of its own (new connections) with the
 * signed-in cookies is answered by another process within three tries.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { type BrowserContext, expect, type Page, type Response, test } from '@playwright/test'
import { Pool } from 'pg'
import { withLock } from './support/auth'
import { codeIn, waitForMail } from './support/mailbox'
import { smtpPort } from './support/smtp'

const port = Number(process.env.E2E_CLUSTER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 40)
const consoleUrl = `http://console.localhost:${port}`
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const databaseName = `gymbase_e2e_cluster_${randomBytes(5).toString('hex')}`
// A demo user few other tests sign in as: the mailbox is shared with the single-process server's tests.
const email = 'regional@demo.gymbase.nz'

test.describe.configure({ mode: 'serial' })

let admin: Pool
let cluster: ChildProcess | undefined
let output = ''

async function waitForCluster() {
  const deadline = Date.now() + 240_000
  // Ready: every app listens (the primary says so) and a job worker runs, which mails the code.
  while (!(output.includes('Gymbase cluster is ready') && output.includes('Workers running'))) {
    if (cluster?.exitCode !== null) throw new Error(`The cluster exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`The cluster did not start in 4 minutes:\n${output}`)
    await sleep(250)
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000)
  admin = new Pool({ connectionString: adminUrl, max: 1 })
  await admin.query(`create database ${databaseName}`)
  const url = new URL(adminUrl)
  url.pathname = `/${databaseName}`
  cluster = spawn(process.execPath, ['scripts/start-cluster.ts'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      DATA_DIR: `${process.env.E2E_DATA_DIR ?? '.data/e2e'}-cluster`,
      CLUSTER_APPS: '3',
      CLUSTER_WORKERS: '1',
      // The demo's set-up (its sign-ins) on the empty database, by the first app under the seed's lock.
      SEED_DEMO_POSTGRES: 'true',
      // The single-process server of the other tests built it already.
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
  })
  cluster.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  cluster.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await waitForCluster()
})

test.afterAll(async () => {
  test.setTimeout(60_000)
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((resolve) => cluster?.once('exit', resolve))
    cluster.kill('SIGTERM')
    await Promise.race([exited, sleep(30_000)])
    if (cluster.exitCode === null) cluster.kill('SIGKILL')
  }
  await admin?.query(`drop database if exists ${databaseName} with (force)`)
  await admin?.end()
})

/** The app process that answered. */
function appOf(response: Response | null): string {
  const index = response?.headers()['x-gymbase-app']
  if (!index) throw new Error(`No X-Gymbase-App header on ${response?.url()}`)
  return index
}

/** Every app process that answered a state-changing call of the page (the sign-in's two steps). */
function recordPosts(page: Page): string[] {
  const answeredBy: string[] = []
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().startsWith(consoleUrl)) {
      answeredBy.push(appOf(response))
    }
  })
  return answeredBy
}

test('signs in through one app process and is served, signed in, by another', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  const health = await page.request.get(`http://127.0.0.1:${port}/api/health`)
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgresql' })

  let codeCheckedBy = ''
  await withLock(email, async () => {
    const since = new Date()
    await page.goto(`${consoleUrl}/dashboard`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('gymbase-demo')
    const passwordStep = recordPosts(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
    // The code was stored by the process that took the password and mailed by the job worker.
    const code = codeIn(await waitForMail({ to: email, since, subject: /sign-in code/i }))
    const before = passwordStep.length
    await page.getByLabel('Code', { exact: true }).fill(code)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${consoleUrl}/dashboard`)
    codeCheckedBy = passwordStep[before] ?? ''
  })
  expect(codeCheckedBy).toMatch(/^[123]$/)

  // New connections with the session's cookies, until another process answers: it must know the session.
  const state = await context.storageState()
  const servedBy = new Set<string>()
  const contexts: BrowserContext[] = []
  for (
    let attempt = 0;
    attempt < 6 && [...servedBy].every((index) => index === codeCheckedBy);
    attempt += 1
  ) {
    const other = await browser.newContext({ storageState: state })
    contexts.push(other)
    const otherPage = await other.newPage()
    const response = await otherPage.goto(`${consoleUrl}/members`)
    expect(response?.status()).toBe(200)
    await expect(otherPage).toHaveURL(`${consoleUrl}/members`)
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible()
    servedBy.add(appOf(response))
  }
  expect([...servedBy].some((index) => index !== codeCheckedBy)).toBe(true)
  for (const other of contexts) await other.close()
  await context.close()
})
