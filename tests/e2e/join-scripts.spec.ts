import { gunzipSync, gzipSync } from 'node:zlib'
import { joinUrl } from '../../playwright.config'
import { CEILING_KB, measureJoinPages, overCeiling } from '../../scripts/bench/join-scripts'
import { expect, test } from './support/test'

/**
 * The JavaScript each join page loads (issue 14, ADR 024): no page grows past its ceiling, and the
 * measure behind the ceilings is what a browser really downloads on a first visit.
 */
test.describe('the join pages’ scripts', () => {
  test('no join page loads more JavaScript than its ceiling', async () => {
    const pages = await measureJoinPages()
    expect(pages.map((page) => page.page).sort()).toEqual(Object.keys(CEILING_KB).sort())
    expect(overCeiling(pages)).toEqual([])
  })

  for (const path of ['/', '/login', '/legal/privacy-policy']) {
    test(`a first visit to ${path} downloads exactly the scripts measured`, async ({ page }) => {
      const measured = (await measureJoinPages()).find((entry) => entry.page === path)
      const downloaded = new Map<string, number>()
      page.on('response', async (response) => {
        const url = new URL(response.url())
        if (!url.pathname.endsWith('.js')) return
        const body = await response.body()
        // The server may send it compressed already; measure it the way the bench does.
        const plain = response.headers()['content-encoding'] === 'gzip' ? gunzipSync(body) : body
        downloaded.set(url.pathname, gzipSync(plain, { level: 9 }).length / 1024)
      })
      await page.goto(`${joinUrl}${path}`, { waitUntil: 'networkidle' })
      expect([...downloaded.keys()].sort()).toEqual(measured?.scripts)
      const total = [...downloaded.values()].reduce((sum, kB) => sum + kB, 0)
      expect(total).toBeCloseTo(measured?.gzipKb ?? 0, 0)
    })
  }
})
