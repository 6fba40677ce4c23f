import { inflateSync } from 'node:zlib'

/**
 * The text a PDF made by pdf-lib shows, line by line: each content stream inflated and its hex strings
 * (`<48656C6C6F> Tj`, WinAnsi) read back. Enough to check what a receipt or an agreement says.
 */
export function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes)
  const lines: string[] = []
  let from = 0
  for (;;) {
    const start = raw.indexOf('stream', from, 'latin1')
    if (start < 0) break
    const dataStart = start + (raw[start + 6] === 0x0d ? 8 : 7)
    const end = raw.indexOf('endstream', dataStart, 'latin1')
    if (end < 0) break
    const data = raw.subarray(dataStart, end)
    let content: string
    try {
      content = inflateSync(data).toString('latin1')
    } catch {
      content = data.toString('latin1')
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'))
    }
    from = end + 9
  }
  return lines
}
