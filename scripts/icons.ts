/**
 * `npm run icons`: draws the app icons in public/ from public/favicon.svg with Chromium — the
 * PNGs phones put on a home screen and favicon.ico for browsers that ask for it by that name. Run it
 * again after changing the SVG; the outputs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

const svg = readFileSync('public/favicon.svg', 'utf8')
// Full bleed (no rounded corners) with the mark inside the middle 60 %: the safe zone of a maskable
// icon, so Android's round or squircle crop never cuts it.
const square = svg
  .replace('rx="7"', 'rx="0"')
  .replace('translate(5 5) scale(0.9167)', 'translate(6.4 6.4) scale(0.8)')

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
async function draw(source: string, size: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  await page.setContent(
    `<body style="margin:0">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
  )
  const png = await page.screenshot({ omitBackground: true })
  await page.close()
  return png
}

writeFileSync('public/apple-touch-icon.png', await draw(square, 180))
writeFileSync('public/icon-192.png', await draw(square, 192))
writeFileSync('public/icon-512.png', await draw(square, 512))

// favicon.ico: one 32 px PNG in an ICO container (ICONDIR + one ICONDIRENTRY, then the PNG).
const png = await draw(svg, 32)
const header = Buffer.alloc(22)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(1, 4)
header.writeUInt8(32, 6)
header.writeUInt8(32, 7)
header.writeUInt16LE(1, 10)
header.writeUInt16LE(32, 12)
header.writeUInt32LE(png.length, 14)
header.writeUInt32LE(22, 18)
writeFileSync('public/favicon.ico', Buffer.concat([header, png]))
await browser.close()
console.info('public/: favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png')
