/**
 * The notices a member gets when their money or membership changes (issue 25): a receipt (a tax invoice
 * with GST when the organisation has a GST number), a waiver, a pause, a resume, a cancellation and its
 * undoing, an early start. Pure functions of their content, in the shape `queueMail` takes; the text
 * part says the same as the HTML.
 */
import { greetedMail, type MailContent, receiptPart, rule, type WelcomeReceipt } from './templates.server'

export type Receipt = WelcomeReceipt

const questions = 'If you have questions, reply to this e-mail or talk to us at the front desk.'

/**
 * One notice: a heading, what changed in sentences, and a receipt when money was taken. The subject
 * names the change, never an amount, so staff who may not see money can still see it was sent.
 */
export function memberNoticeMail({
  organisationName,
  recipientName,
  subject,
  heading,
  facts,
  receipt,
}: {
  organisationName: string
  recipientName: string
  subject: string
  heading: string
  facts: string[]
  receipt?: Receipt | null
}): MailContent {
  return greetedMail({
    organisationName,
    recipientName,
    subject,
    heading,
    parts: [
      ...facts,
      ...(receipt ? [receiptPart(receipt, recipientName), { blocks: [rule] }] : []),
      questions,
    ],
  })
}
