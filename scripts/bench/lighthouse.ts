/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the console's
 * `/login`, the join site's `/` and every step of joining after it (issue 14), three runs each, the
 * median of each category (≥ 95 performance, 100 accessibility, ≥ 95 best practices). The steps are
 * measured as a member who just reached them sees them: a member is signed up through the API (its code
 * read from an SMTP server this script runs) and taken step by step to confirm, then joins for the
 * welcome. Serves the production build itself on BENCH_PORT (default 3600) from `.data/bench` (seeded
 * on its first start); BASE_PORT names a running server instead, whose mail this script cannot read, so
 * only the two public pages are measured then. Build first (`npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { memberAtConfirm, startMailCapture } from './join-member.ts'

const runs = Number(process.env.RUNS ?? 3)
const port = Number(process.env.BASE_PORT ?? process.env.BENCH_PORT ?? 3600)
const joinOrigin = `http://join.localhost:${port}`
const publicUrls = [`http://console.localhost:${port}/login`, `${joinOrigin}/`]
/** The signed-in steps, in the order a member meets them; welcome last (after joining). */
const memberSteps = [
  '/about-you',
  '/take-photo',
  '/choose-payment-method',
  '/connect-akahu',
  '/card-details',
  '/card-connected',
  '/bank-account-connected',
  '/confirm-subscription',
]
const mail = process.env.BASE_PORT
  ? undefined
  : await startMailCapture(Number(process.env.BENCH_SMTP_PORT ?? 3625))

async function serve(): Promise<ChildProcess | undefined> {
  if (process.env.BASE_PORT) return undefined
  const server = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: '.data/bench',
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
      ...(mail ? { SMTP_URL: mail.url } : {}),
    },
    stdio: 'ignore',
    detached: true,
  })
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('The server did not answer within 300 s')
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

const server = await serve()
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})
try {
  for (const url of publicUrls) await measure(url)
  if (mail) {
    const member = await memberAtConfirm({ joinOrigin, mail })
    for (const step of memberSteps) await measure(`${joinOrigin}${step}`, member.cookie())
    const options = (await member.call('GET', '/me/membership-options')) as {
      data: { offerings: Array<{ prices: Array<{ id: number }> }> }
    }
    await member.call('POST', '/subscriptions', {
      price_id: options.data.offerings[0]?.prices[0]?.id,
      client_key: crypto.randomUUID(),
      agreement_name: 'Lighthouse Member',
      off_session_consent: true,
    })
    await measure(`${joinOrigin}/welcome-to-gym`, member.cookie())
  }
} finally {
  await chrome.kill()
  await mail?.close()
  if (server?.pid) process.kill(-server.pid, 'SIGTERM')
}

async function measure(url: string, cookie?: string) {
  {
    const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [] }
    const lcp: number[] = []
    const failing = new Set<string>()
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(scores),
      })
      const lhr = result?.lhr
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
      for (const category of Object.keys(scores)) {
        scores[category]?.push(Math.round((lhr.categories[category]?.score ?? 0) * 100))
      }
      lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)
      for (const category of ['accessibility', 'best-practices']) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failing.add(`${category}: ${ref.id}`)
        }
      }
    }
    const line = Object.entries(scores)
      .map(([category, values]) => `${category} ${median(values)} (${values.join(', ')})`)
      .join(' · ')
    console.info(`${url}\n  ${line} · LCP ${(median(lcp) / 1000).toFixed(2)} s`)
    if (failing.size > 0) console.info(`  below full marks: ${[...failing].join(', ')}`)
  }
}
