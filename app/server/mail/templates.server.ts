/**
 * The messages Gymbase sends, as pure functions of their content: `{ subject, html, text }`, ready for
 * `queueMail`. Each names the organisation it is sent for and carries the brand line; the HTML uses inline
 * styles only (mail clients drop style sheets) and every interpolated value goes through `escapeHtml`.
 * The text part says the same as the HTML.
 */
import type { MailAttachment } from '~/db/schema/mail'
import { formatCents } from '~/lib/money'

export interface MailContent {
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
}

/** Escapes the five characters that matter in HTML text and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export function brandLine(organisationName: string): string {
  return `Sent by Gymbase on behalf of ${organisationName}`
}

const font = "font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
const colour = 'color: #1f2937'

/** A block of HTML: a trusted fragment built by the helpers below, never raw input. */
export interface Html {
  readonly html: string
}

const trusted = (html: string): Html => ({ html })

export function paragraph(text: string): Html {
  return trusted(
    `<p style="margin: 0 0 16px; ${font}; font-size: 16px; line-height: 24px; ${colour}">${escapeHtml(text)}</p>`,
  )
}

const codeStyle = `margin: 0 0 16px; font-family: 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 32px; line-height: 40px; font-weight: 700; letter-spacing: 6px; ${colour}`

function codeBlock(code: string): Html {
  return trusted(`<p style="${codeStyle}">${escapeHtml(code)}</p>`)
}

/** What a delivered mail keeps where its code or its link's token was. */
export const deliveredSecretPlaceholder = '[sent, not kept]'

const escapedCodeStyle = codeStyle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const codeInHtml = new RegExp(`(<p style="${escapedCodeStyle}">)[^<]*(</p>)`, 'g')
/** `codePart`'s text: the code alone on its line, indented by four spaces. */
const codeInText = /^( {4})\d{4,8}$/gm
/** A link's token: a `token` parameter, or a long opaque segment of the path (an invitation's). */
const tokenInLink = /(https?:\/\/[^\s"'<>]*?)(?:([?&]token=)[^&\s"'<>]+|\/([A-Za-z0-9_-]{20,}))/g

/**
 * A mail once delivered, as the outbox keeps it (issue 30, point 6; ADR 057): its one-time code and
 * its links' tokens are gone. Codes and tokens are stored only as hashes; the outbox held them in
 * clear only until the mail was handed to the SMTP server. Only the shapes this file writes are
 * touched (`codePart`, links the server built), so a receipt or a notice reads as it did.
 */
export function withoutSentSecrets(mail: { html: string; text: string }): { html: string; text: string } {
  const redactLinks = (body: string) =>
    body.replace(tokenInLink, (_match, start: string, parameter?: string) =>
      parameter
        ? `${start}${parameter}${deliveredSecretPlaceholder}`
        : `${start}/${deliveredSecretPlaceholder}`,
    )
  return {
    html: redactLinks(mail.html.replace(codeInHtml, `$1${deliveredSecretPlaceholder}$2`)),
    text: redactLinks(mail.text.replace(codeInText, `$1${deliveredSecretPlaceholder}`)),
  }
}

/** Links in mail are built by the server; anything but http(s) is a bug, not something to render. */
function assertWebUrl(url: string): void {
  const protocol = URL.parse(url)?.protocol
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('Mail links must be http(s) URLs')
}

export function button(label: string, url: string): Html {
  assertWebUrl(url)
  const href = escapeHtml(url)
  return trusted(
    `<p style="margin: 0 0 16px"><a href="${href}" style="display: inline-block; padding: 12px 20px; background: #1f2937; color: #ffffff; border-radius: 6px; text-decoration: none; ${font}; font-size: 16px; font-weight: 600">${escapeHtml(label)}</a></p>` +
      `<p style="margin: 0 0 16px; ${font}; font-size: 14px; line-height: 20px; color: #4b5563">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color: #1f2937; word-break: break-all">${escapeHtml(url)}</a></p>`,
  )
}

export function layout({
  organisationName,
  heading,
  blocks,
}: {
  organisationName: string
  heading: string
  blocks: Html[]
}): string {
  return [
    '<!doctype html>',
    '<html lang="en-NZ">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(heading)}</title></head>`,
    '<body style="margin: 0; padding: 0; background: #f3f4f6">',
    '<div style="max-width: 560px; margin: 0 auto; padding: 24px 16px">',
    '<div style="background: #ffffff; border-radius: 8px; padding: 32px 24px">',
    `<p style="margin: 0 0 8px; ${font}; font-size: 14px; font-weight: 600; color: #4b5563">${escapeHtml(organisationName)}</p>`,
    `<h1 style="margin: 0 0 24px; ${font}; font-size: 22px; line-height: 28px; ${colour}">${escapeHtml(heading)}</h1>`,
    ...blocks.map((block) => block.html),
    '</div>',
    `<p style="margin: 16px 0 0; ${font}; font-size: 12px; line-height: 18px; color: #6b7280; text-align: center">${escapeHtml(brandLine(organisationName))}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n')
}

export function textBody(organisationName: string, lines: string[]): string {
  return [organisationName, '', ...lines, '', '--', brandLine(organisationName), ''].join('\n')
}

export function greeting(recipientName: string): string {
  const name = recipientName.trim()
  return name ? `Kia ora ${name},` : 'Kia ora,'
}

/**
 * A part of a greeted mail after the greeting: a paragraph, or blocks that the text part says in its
 * own words (a code, a button's link spelled out, a receipt's lines together); `text` absent, the
 * blocks are only a divider the text part goes without.
 */
export type MailPart = string | { blocks: Html[]; text?: string }

export const codePart = (code: string): MailPart => ({ blocks: [codeBlock(code)], text: `    ${code}` })

/** A button; the text part spells its link out after `textLabel` (the button's own words unless given). */
export const buttonPart = (label: string, url: string, textLabel = label): MailPart => ({
  blocks: [button(label, url)],
  text: `${textLabel}: ${url}`,
})

export const rule: Html = trusted('<hr style="border: none; border-top: 1px solid #e5e7eb; margin: 24px 0">')

/**
 * The shape most of our mail takes: a heading, a greeting, then its parts, each a paragraph of the
 * HTML and a paragraph of the text (which opens with the heading and separates the parts by a blank line).
 */
export function greetedMail(options: {
  organisationName: string
  recipientName: string
  subject: string
  heading: string
  parts: MailPart[]
}): MailContent {
  const { organisationName, heading, parts } = options
  const hello = greeting(options.recipientName)
  const blocksOf = (part: MailPart) => (typeof part === 'string' ? [paragraph(part)] : part.blocks)
  const textOf = (part: MailPart) =>
    typeof part === 'string' ? [part] : part.text === undefined ? [] : [part.text]
  return {
    subject: options.subject,
    html: layout({ organisationName, heading, blocks: [paragraph(hello), ...parts.flatMap(blocksOf)] }),
    text: textBody(organisationName, [
      heading,
      '',
      hello,
      ...parts.flatMap(textOf).flatMap((line) => ['', line]),
    ]),
  }
}

export function twoFactorCodeMail({
  organisationName,
  recipientName,
  code,
}: {
  organisationName: string
  recipientName: string
  code: string
}): MailContent {
  const subject = `Your sign-in code for ${organisationName}`
  const intro = `Use this code to finish signing in to ${organisationName}. It is valid for 10 minutes and can be used once.`
  const warning = "If this wasn't you, someone may know your password: change your password now."
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: 'Your sign-in code',
    parts: [intro, codePart(code), warning],
  })
}

export function emailVerificationMail({
  organisationName,
  recipientName,
  code,
}: {
  organisationName: string
  recipientName: string
  code: string
}): MailContent {
  const subject = `Confirm your email address for ${organisationName}`
  const intro = `Enter this 6-digit code to confirm your email address with ${organisationName}. It is valid for 10 minutes.`
  const ignore = "If you didn't ask for this, you can ignore this email."
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: 'Confirm your email address',
    parts: [intro, codePart(code), ignore],
  })
}

export function passwordResetMail({
  organisationName,
  recipientName,
  resetUrl,
}: {
  organisationName: string
  recipientName: string
  resetUrl: string
}): MailContent {
  const subject = `Reset your password for ${organisationName}`
  const intro = `We received a request to reset your ${organisationName} password. The link below is valid for 60 minutes and works once.`
  const ignore = "If you didn't ask for this, ignore this email: your password stays as it is."
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: 'Reset your password',
    parts: [intro, buttonPart('Choose a new password', resetUrl), ignore],
  })
}

export function staffInvitationMail({
  organisationName,
  recipientName,
  inviterName,
  setPasswordUrl,
}: {
  organisationName: string
  recipientName: string
  inviterName: string
  setPasswordUrl: string
}): MailContent {
  const subject = `You're invited to join ${organisationName} on Gymbase`
  const intro = `${inviterName} has invited you to join the ${organisationName} team on Gymbase. Set your password to get started: the link is valid for 7 days.`
  const ignore = "If you weren't expecting this, you can ignore this email."
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: `Join ${organisationName} on Gymbase`,
    parts: [intro, buttonPart('Set your password', setPasswordUrl), ignore],
  })
}

/** A member staff added (issue 15): the link to set a password and finish joining on the join site. */
export function memberInvitationMail({
  organisationName,
  gymName,
  recipientName,
  membership,
  finishUrl,
}: {
  organisationName: string
  gymName: string
  recipientName: string
  /** The membership chosen for them, in words ("24/7 Access, $18.99 weekly"), if any. */
  membership: string | null
  finishUrl: string
}): MailContent {
  const subject = `Finish joining ${gymName}`
  const intro = `${gymName} has started your membership sign-up${membership ? ` for ${membership}` : ''}. Set a password, add your photo and how you'd like to pay, and read and accept the membership agreement. Nothing is charged until you confirm. The link is valid for 7 days.`
  const ignore = "If you didn't ask to join, you can ignore this email and nothing will happen."
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: `Finish joining ${gymName}`,
    parts: [intro, buttonPart('Finish joining', finishUrl), ignore],
  })
}

/** One side of a price change as the member's notice says it. */
export interface PriceChangeSide {
  /** The offering's name: "Off-peak". */
  offering: string
  /** Amount and frequency in words: `$29.00 weekly`. */
  price: string
  /** Its opening hours in words, or null for any time. */
  hours: string | null
}

/**
 * A member's membership moves to another price (the Change price screen previews it, SPEC §2.2; issue
 * 25): the old and the new amount, the day, and the offering and its hours when they change too.
 */
export function priceChangeMail({
  organisationName,
  recipientName,
  takesEffectOn,
  from,
  to,
  difference,
}: {
  organisationName: string
  recipientName: string
  /** Already in words: `Tue, 17 Aug 2027`. */
  takesEffectOn: string
  from: PriceChangeSide
  to: PriceChangeSide
  /** "a rise of $4.00" or "a cut of $4.00" when both are charged as often; null otherwise. */
  difference: string | null
}): MailContent {
  const subject = `Your ${organisationName} membership price is changing`
  const facts = [
    `From ${takesEffectOn} your ${organisationName} membership will cost ${to.price} instead of ${from.price}${difference ? ` (${difference})` : ''}.`,
    ...(from.offering !== to.offering
      ? [`On that day your membership also changes from ${from.offering} to ${to.offering}.`]
      : []),
    ...(from.hours !== to.hours
      ? [`Its opening hours change from ${from.hours ?? 'any time'} to ${to.hours ?? 'any time'}.`]
      : []),
    `Payments due before ${takesEffectOn} stay at ${from.price}.`,
  ]
  const nothingToDo =
    'You don’t need to do anything. If you have questions, reply to this e-mail or talk to us at the front desk.'
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: 'Your membership price is changing',
    parts: [...facts, nothingToDo],
  })
}

/**
 * Staff changed a member's sign-in address (issue 15): told at the OLD address, so a change the member
 * didn't ask for is noticed by the person it locks out.
 */
export function emailChangedMail({
  organisationName,
  recipientName,
  newEmail,
}: {
  organisationName: string
  recipientName: string
  newEmail: string
}): MailContent {
  const subject = `Your ${organisationName} sign-in address has changed`
  const change = `${organisationName} changed the e-mail address you sign in with to ${newEmail}. From now on, sign in and get our e-mails at that address.`
  const notYou = `If you didn’t ask for this, contact ${organisationName} straight away: reply to this e-mail or talk to us at the front desk.`
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: 'Your sign-in address has changed',
    parts: [change, notYou],
  })
}

/**
 * A member who has joined changed how their membership is paid, having agreed to it on the join site
 * (issue 25): the new method, what each payment now is (and its card surcharge), the method it replaced.
 */
export function paymentMethodChangedMail({
  organisationName,
  recipientName,
  membership,
  newMethod,
  oldMethod,
  amount,
  surcharge,
  nextPayment,
}: {
  organisationName: string
  recipientName: string
  /** "Anytime Access at Ponsonby". */
  membership: string
  /** "Visa ending 4242", "bank account 99-••••-•••••99-91". */
  newMethod: string
  oldMethod: string | null
  /** Each payment, surcharge included, with its frequency: "$25.63 weekly". */
  amount: string
  /** "$0.63 card surcharge", or null when there is none. */
  surcharge: string | null
  /** The next charge as it now stands (`nextPaymentSentence`), or that nothing more is charged. */
  nextPayment: string
}): MailContent {
  const subject = `You changed how you pay ${organisationName}`
  const change = `As you agreed, your ${membership} membership is now paid from your ${newMethod}${oldMethod ? ` instead of your ${oldMethod}` : ''}.`
  const each = surcharge
    ? `At your current price, each payment is now ${amount}, including a ${surcharge}. Payments already on their way are not changed.`
    : `At your current price, each payment is now ${amount}, with no surcharge. Payments already on their way are not changed.`
  const notYou = `If you didn’t make this change, contact ${organisationName} straight away: reply to this e-mail or talk to us at the front desk.`
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: 'You changed how you pay',
    parts: [change, each, nextPayment, notYou],
  })
}

export interface WelcomeReceipt {
  /** The organisation's registered name and GST number (organisation settings); null when not set. */
  legalName: string
  gstNumber: string | null
  /** Each line in words and cents, GST included: "First week", "Joining fee", "Card surcharge". */
  lines: Array<{ label: string; amount: number }>
  total: number
  /** The GST in `total` (3/23 of it, 15% inclusive), or null when the organisation has no GST number. */
  gst: number | null
  /** "Paid 17 Mar 2026 by Visa ending 4242" or "Payment pending from bank account …". */
  status: string
  number: string
  issuedOn: string
}

/** A receipt's lines in words, the same in every e-mail that carries one (welcome, desk, pay link). */
export function receiptLines(receipt: WelcomeReceipt, recipientName: string): string[] {
  return [
    `${receipt.gstNumber ? 'Tax invoice and receipt' : 'Receipt'} ${receipt.number}`,
    receipt.legalName,
    ...(receipt.gstNumber ? [`GST number ${receipt.gstNumber}`] : []),
    `Issued ${receipt.issuedOn} to ${recipientName}`,
    ...receipt.lines.map((line) => `${line.label}: ${formatCents(line.amount)}`),
    `Total (GST inclusive): ${formatCents(receipt.total)}`,
    ...(receipt.gst !== null ? [`Includes GST of ${formatCents(receipt.gst)} (15%)`] : []),
    receipt.status,
  ]
}

/** A receipt between dividers; the text part has its lines together. */
export function receiptPart(receipt: WelcomeReceipt, recipientName: string): MailPart {
  const lines = receiptLines(receipt, recipientName)
  return { blocks: [rule, ...lines.map(paragraph)], text: lines.join('\n') }
}

/** After joining (issue 14): what happens next, the agreement, and a GST receipt for the first payment. */
export function welcomeMail({
  organisationName,
  recipientName,
  facts,
  agreement,
  receipt,
}: {
  organisationName: string
  recipientName: string
  /** Sentences as the welcome screen says them: membership, first payment, next charge, the door. */
  facts: string[]
  agreement: string
  receipt: WelcomeReceipt | null
}): MailContent {
  const subject = `Welcome to ${organisationName}`
  const agreementIntro = 'Your membership agreement, as you accepted it (also attached as a PDF):'
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading: `Welcome to ${organisationName}`,
    parts: [
      ...facts,
      ...(receipt ? [receiptPart(receipt, recipientName)] : []),
      { blocks: [rule] },
      agreementIntro,
      { blocks: agreement.split('\n').filter(Boolean).map(paragraph), text: agreement },
    ],
  })
}
