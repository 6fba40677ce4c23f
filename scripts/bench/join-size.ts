/**
 * `npm run bench:join-size`: the JavaScript a browser loads on a first visit to each join-site page,
 * gzip-compressed, as built by `npm run build` (measured by `join-scripts.ts`), against issue 14's
 * 150 kB aim and each page's ceiling (ADR 024). `--check` exits 1 when a page is over its ceiling.
 */
import { CEILING_KB, measureJoinPages, overCeiling, TARGET_KB } from './join-scripts.ts'

const pages = await measureJoinPages()
console.table(
  pages.map((page) => ({
    page: page.page,
    scripts: page.scripts.length,
    'gzip kB': Number(page.gzipKb.toFixed(1)),
    ceiling: CEILING_KB[page.page] ?? '—',
    [`≤ ${TARGET_KB}`]: page.gzipKb <= TARGET_KB ? 'yes' : 'no',
  })),
)
const over = overCeiling(pages)
const largest = Math.max(...pages.map((page) => page.gzipKb))
console.info(
  `${pages.length} join pages; largest ${largest.toFixed(1)} kB gzip; ` +
    `${pages.filter((page) => page.gzipKb > TARGET_KB).length} over the ${TARGET_KB} kB aim; ` +
    `${over.length} over their ceiling`,
)
for (const line of over) console.info(`  ${line}`)
process.exit(process.argv.includes('--check') && over.length > 0 ? 1 : 0)
