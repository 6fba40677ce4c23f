/**
 * `npm run bench:join-size`: the JavaScript a browser loads on a first visit to each join-site page,
 * gzip-compressed, as built by `npm run build` (issue 14's budget: 150 kB per page). For every route
 * under `/join` it takes the start manifest's preloads of the route and its parents (what the server
 * puts in the page's head), then every static import they name; dynamic imports load later, on
 * navigation, and are left out. `--check` exits 1 when a page is over the budget.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const BUDGET_KB = 150
const root = resolve(import.meta.dirname, '../..')
const client = join(root, 'dist/client')
const manifestFile = readdirSync(join(root, 'dist/server/assets')).find((file) =>
  file.startsWith('_tanstack-start-manifest'),
)
if (!manifestFile) throw new Error('No start manifest in dist/server/assets: run npm run build first')
const { tsrStartManifest } = await import(pathToFileURL(join(root, 'dist/server/assets', manifestFile)).href)
const routes: Record<string, { children?: string[]; preloads?: string[] }> = tsrStartManifest().routes

const parentOf = new Map<string, string>()
for (const [id, route] of Object.entries(routes)) {
  for (const child of route.children ?? []) parentOf.set(child, id)
}

function chain(id: string): string[] {
  const parent = parentOf.get(id)
  return parent ? [...chain(parent), id] : [id]
}

const gzipped = new Map<string, number>()
function gzipKb(asset: string): number {
  let size = gzipped.get(asset)
  if (size === undefined) {
    size = gzipSync(readFileSync(join(client, asset)), { level: 9 }).length / 1024
    gzipped.set(asset, size)
  }
  return size
}

function loadedScripts(id: string): Set<string> {
  const pending = chain(id).flatMap((routeId) => routes[routeId]?.preloads ?? [])
  const seen = new Set<string>()
  while (pending.length > 0) {
    const asset = pending.pop()
    if (!asset || seen.has(asset) || !asset.endsWith('.js')) continue
    seen.add(asset)
    const code = readFileSync(join(client, asset), 'utf8')
    for (const match of code.matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[^'"]*?from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      pending.push(`/assets/${(match[1] ?? '').slice(2)}`)
    }
  }
  return seen
}

// The pages: routes under /join that render a screen (layouts have children).
const pages = Object.entries(routes)
  .filter(([id, route]) => id.startsWith('/join') && !route.children?.length)
  .map(([id]) => id)
  .sort()

const rows = pages.map((id) => {
  const scripts = loadedScripts(id)
  const kB = [...scripts].reduce((total, asset) => total + gzipKb(asset), 0)
  const path = id.replace(/^\/join/, '').replace('/_member', '') || '/'
  return {
    page: path,
    scripts: scripts.size,
    'gzip kB': Number(kB.toFixed(1)),
    budget: kB <= BUDGET_KB ? 'ok' : 'over',
  }
})
console.table(rows)
const over = rows.filter((row) => row.budget === 'over')
console.info(
  `${rows.length} join pages; largest ${Math.max(...rows.map((row) => row['gzip kB'])).toFixed(1)} kB gzip; ` +
    `${over.length} over the ${BUDGET_KB} kB budget`,
)
process.exit(process.argv.includes('--check') && over.length > 0 ? 1 : 0)
