/**
 * `npm run bench:join-size`: the JavaScript a browser loads for the join site's `/`, gzip-compressed,
 * as built by `npm run build`. Renders the page through the production server bundle (no socket),
 * then follows every script, module preload and static import it names.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

process.env.DATA_DIR ??= 'memory://'
process.env.SEED_DEMO = 'false'
process.env.LOG_LEVEL = 'silent'
process.env.NODE_ENV = 'production'

const root = resolve(import.meta.dirname, '../..')
const client = join(root, 'dist/client')
const entry = await import(pathToFileURL(join(root, 'dist/server/server-entry.js')).href)
const host = process.env.JOIN_HOST ?? 'join.localhost'
const response: Response = await entry.default.fetch(new Request(`http://${host}/`))
const html = await response.text()

const pending = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '')
const seen = new Set<string>()
while (pending.length > 0) {
  const asset = pending.pop()
  if (!asset || seen.has(asset)) continue
  seen.add(asset)
  const code = readFileSync(join(client, asset), 'utf8')
  // Static imports only: dynamic imports load later, on navigation.
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    pending.push(`/assets/${(match[1] ?? '').slice(2)}`)
  }
}

let raw = 0
let gzip = 0
const rows = [...seen].sort().map((asset) => {
  const bytes = readFileSync(join(client, asset))
  const zipped = gzipSync(bytes, { level: 9 }).length
  raw += bytes.length
  gzip += zipped
  return { asset, kB: (bytes.length / 1024).toFixed(1), 'gzip kB': (zipped / 1024).toFixed(1) }
})
console.table(rows)
console.info(
  `join / loads ${rows.length} scripts: ${(raw / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip`,
)
process.exit(0)
