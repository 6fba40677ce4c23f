/**
 * The failed-payment e-mails (issue 16, ADR 027): what went wrong in plain words, what is owed, the
 * link that pays it and what happens if nobody does. Built from the shared blocks of
 * `templates.server.ts`, so every value is escaped the same way.
 */
import {
  button,
  greetedMail,
  greeting,
  layout,
  type MailContent,
  paragraph,
  textBody,
} from './templates.server'

interface OwedFacts {
  organisationName: string
  recipientName: string
  /** "$54.00", already in words. */
  amount: string
  /** "Insufficient funds" — the provider's reason in words. */
  reason: string
  payUrl: string
  /** "Thu, 3 Dec 2026": the link stops working after it. */
  linkExpiresOn: string
  /** "Thu, 10 Dec 2026": the membership is cancelled after it if still unpaid; null when no grace period. */
  graceEndsOn: string | null
  /** The method can't be charged again (card lost or expired, account closed): ask for a new one. */
  needsNewMethod: boolean
  /** The member's bank consent ended (`reauthenticate_akahu`): ask them to connect their bank again. */
  reconnectBank?: boolean
}

function owedMail(
  facts: OwedFacts,
  words: { subject: string; heading: string; opening: string },
): MailContent {
  const what = `${words.opening} ${facts.amount} didn’t go through: ${facts.reason}.`
  const how = facts.reconnectBank
    ? 'Your bank connection with us has ended, so we can’t take payments from your account until you connect your bank again. Pay on the page below, where you can connect it again.'
    : facts.needsNewMethod
      ? 'Your card or account can’t be charged again. Pay with a new card or bank account on the page below; you can make it the one we use from now on.'
      : 'You can pay it now with the card or bank account you gave us, or with another one.'
  const deadline = facts.graceEndsOn
    ? `If it is still unpaid after ${facts.graceEndsOn}, your membership will be cancelled and the doors will stop opening for you.`
    : null
  const expiry = `The link works until ${facts.linkExpiresOn} and can be used once.`
  const paragraphs = [what, how, deadline, expiry].filter((line): line is string => line !== null)
  return {
    subject: words.subject,
    html: layout({
      organisationName: facts.organisationName,
      heading: words.heading,
      blocks: [
        paragraph(greeting(facts.recipientName)),
        ...paragraphs.slice(0, 2).map(paragraph),
        button(`Pay ${facts.amount}`, facts.payUrl),
        ...paragraphs.slice(2).map(paragraph),
      ],
    }),
    text: textBody(facts.organisationName, [
      words.heading,
      '',
      greeting(facts.recipientName),
      '',
      ...paragraphs.slice(0, 2).flatMap((line) => [line, '']),
      `Pay ${facts.amount}: ${facts.payUrl}`,
      '',
      ...paragraphs.slice(2).flatMap((line) => [line, '']),
    ]),
  }
}

/** The first failure of a period, or staff sending the link by hand. */
export function paymentFailedMail(facts: OwedFacts): MailContent {
  return owedMail(facts, {
    subject: `Your ${facts.organisationName} payment didn’t go through`,
    heading: 'Your payment didn’t go through',
    opening: 'Your membership payment of',
  })
}

/** A few days before the failed-payment grace period ends with money still owed. */
export function graceEndingMail(facts: OwedFacts & { graceEndsOn: string }): MailContent {
  return owedMail(facts, {
    subject: `Your ${facts.organisationName} membership ends on ${facts.graceEndsOn} unless it is paid`,
    heading: 'Your membership is about to be cancelled',
    opening: 'We still haven’t received your membership payment. The payment of',
  })
}

/** The membership was cancelled for non-payment (the grace period ran out). */
export function cancelledForNonPaymentMail(facts: {
  organisationName: string
  recipientName: string
  amount: string
}): MailContent {
  const what = `Your membership was cancelled because ${facts.amount} stayed unpaid after the grace period. The doors no longer open for you.`
  const next =
    'If you’d like to come back, talk to us at the front desk or reply to this e-mail: we can settle what is owed and start a new membership.'
  return greetedMail({
    organisationName: facts.organisationName,
    recipientName: facts.recipientName,
    subject: `Your ${facts.organisationName} membership was cancelled`,
    heading: 'Your membership was cancelled',
    parts: [what, next],
  })
}
