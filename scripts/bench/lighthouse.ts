/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on the console's
 * `/login` and the join site's `/`, three runs each, the median of each category (issue 13: ≥ 95
 * performance, 100 accessibility, ≥ 95 best practices). Serves the production build itself on
 * BENCH_PORT (default 3600) from `.data/bench` (seeded on its first start), unless BASE_PORT names a
 * running server. Build first (`npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const runs = Number(process.env.RUNS ?? 3)
const port = Number(process.env.BASE_PORT ?? process.env.BENCH_PORT ?? 3600)
const urls = [`http://console.localhost:${port}/login`, `http://join.localhost:${port}/`]

async function serve(): Promise<ChildProcess | undefined> {
  if (process.env.BASE_PORT) return undefined
  const server = spawn('npm', ['start'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: '.data/bench',
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'warn',
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
  for (const url of urls) {
    const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [] }
    const lcp: number[] = []
    const failing = new Set<string>()
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
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
} finally {
  await chrome.kill()
  if (server?.pid) process.kill(-server.pid, 'SIGTERM')
}
