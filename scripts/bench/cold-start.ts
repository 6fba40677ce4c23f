/**
 * `npm run bench:cold-start`: time from `npm start` to the first answer on an empty data folder
 * (PGlite initialisation, migrations and the demo seed included), with the build already done.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = Number(process.env.BENCH_PORT ?? 3200)
const dataDir = mkdtempSync(join(tmpdir(), 'gymbase-cold-start-'))
const started = performance.now()
const server = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: 'true', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
})

async function firstResponse(): Promise<number> {
  const deadline = started + 120_000
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.ok) return performance.now() - started
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('No answer within 120 s')
}

try {
  const ms = await firstResponse()
  console.info(`first response after ${(ms / 1000).toFixed(2)} s on an empty data folder`)
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
