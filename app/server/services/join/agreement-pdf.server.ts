import { PDF_LINE, type PdfBlock, textPdf } from '../pdf/text-pdf.server'

/**
 * The membership agreement as a PDF (issue 14), e-mailed with the welcome and downloaded from the
 * member's account (issue 28): the accepted text, then who accepted it, how and when.
 */
export async function agreementPdf(options: {
  title: string
  agreement: string
  acceptance: string[]
}): Promise<Uint8Array> {
  const blocks: PdfBlock[] = options.agreement
    .split('\n')
    .map((paragraph) => (paragraph.trim() === '' ? { gap: PDF_LINE / 2 } : { text: paragraph }))
  return textPdf({
    title: options.title,
    blocks: [
      ...blocks,
      { gap: PDF_LINE },
      { text: 'Accepted', bold: true },
      ...options.acceptance.map((text) => ({ text })),
    ],
  })
}

/** The agreement a member signed, as the welcome e-mail attached it and their account downloads it. */
export function signedAgreementPdf(options: {
  offeringName: string
  gymName: string
  memberName: string
  memberEmail: string
  agreement: { text: string; typedName: string; acceptedAt: Date; offSessionConsent: boolean }
}): Promise<Uint8Array> {
  const { agreement, memberName } = options
  return agreementPdf({
    title: `Membership agreement: ${options.offeringName} at ${options.gymName}`,
    agreement: agreement.text,
    acceptance: [
      `Accepted by ${memberName} (${options.memberEmail}), who typed “${agreement.typedName}”, on ${formatDateTime(agreement.acceptedAt)}.`,
      agreement.offSessionConsent
        ? `${memberName} agreed that payments may be taken when they are due without asking each time.`
        : '',
    ].filter(Boolean),
  })
}

const dateTime = new Intl.DateTimeFormat('en-NZ', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Pacific/Auckland',
})

/** "26 Nov 2026, 11:25 am" in Auckland. */
function formatDateTime(instant: Date): string {
  return dateTime.format(instant)
}
