import type { PDFFont } from 'pdf-lib'

const PAGE = { width: 595.28, height: 841.89 } // A4 in points
const MARGIN = 56
const SIZE = 11
const LEADING = 16

/** One block of a text PDF: a paragraph, a bold line, or a gap. */
export type PdfBlock = { text: string; bold?: boolean; size?: number } | { gap: number }

/**
 * A plain text document as a PDF (the membership agreement, a receipt): a title, then paragraphs wrapped
 * to the page, new pages as they fill. pdf-lib with the standard Helvetica, so nothing is installed or
 * downloaded; that font has no glyphs beyond Western European, so other letters are written without
 * their accents (ā as a) rather than failing — the e-mails' own text keeps them.
 */
export async function textPdf(options: { title: string; blocks: PdfBlock[] }): Promise<Uint8Array> {
  // Loaded when the first PDF is made, not at start: it is a tenth of a second of the first start (ADR 055).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib')
  const document = await PDFDocument.create()
  document.setTitle(options.title)
  document.setCreator('Gymbase')
  const regular = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  let page = document.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - MARGIN

  const write = (text: string, font: PDFFont, size = SIZE) => {
    for (const line of wrap(encodable(text, font), font, size, PAGE.width - 2 * MARGIN)) {
      if (y < MARGIN + LEADING) {
        page = document.addPage([PAGE.width, PAGE.height])
        y = PAGE.height - MARGIN
      }
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.12, 0.16, 0.22) })
      y -= size === SIZE ? LEADING : size * 1.4
    }
  }

  write(options.title, bold, 16)
  y -= 8
  for (const block of options.blocks) {
    if ('gap' in block) y -= block.gap
    else write(block.text, block.bold ? bold : regular, block.size)
  }
  return document.save()
}

/** A blank line's height, for `{ gap }` blocks. */
export const PDF_LINE = LEADING

/** Characters Helvetica can't draw lose their accents, or become "?" when nothing is left. */
function encodable(text: string, font: PDFFont): string {
  return [...text]
    .map((character) => {
      if (canEncode(font, character)) return character
      const plain = character.normalize('NFKD').replace(/\p{M}/gu, '')
      return plain && canEncode(font, plain) ? plain : '?'
    })
    .join('')
}

function canEncode(font: PDFFont, text: string): boolean {
  try {
    font.encodeText(text)
    return true
  } catch {
    return false
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line) lines.push(line)
  return lines
}
