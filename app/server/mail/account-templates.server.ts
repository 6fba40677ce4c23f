import { buttonPart, greetedMail, type MailContent } from './templates.server'

/**
 * A member asked on their account to sign in with a new address (issue 28): the link that confirms it,
 * sent to the NEW address, so the address is proven theirs before it changes.
 */
export function emailChangeLinkMail(options: {
  organisationName: string
  recipientName: string
  newEmail: string
  confirmUrl: string
}): MailContent {
  const { organisationName } = options
  return greetedMail({
    organisationName,
    recipientName: options.recipientName,
    subject: `Confirm your new e-mail address for ${organisationName}`,
    heading: 'Confirm your new e-mail address',
    parts: [
      `You asked to sign in to ${organisationName} with ${options.newEmail}. Open the link below to confirm it: it works for 60 minutes and once. Until then, you sign in with your old address.`,
      buttonPart('Confirm my new address', options.confirmUrl),
      "If you didn't ask for this, ignore this e-mail: nothing changes.",
    ],
  })
}

/**
 * The same request told at the OLD address: a plain notice with nothing to press, so a change the member
 * didn't ask for is noticed by the person it would lock out.
 */
export function emailChangeRequestedMail(options: {
  organisationName: string
  recipientName: string
  newEmail: string
}): MailContent {
  const { organisationName } = options
  return greetedMail({
    organisationName,
    recipientName: options.recipientName,
    subject: `A new sign-in address was asked for on your ${organisationName} account`,
    heading: 'A new sign-in address was asked for',
    parts: [
      `Someone signed in to your ${organisationName} account asked to change the e-mail address you sign in with to ${options.newEmail}. It changes only once a link sent to that address is opened.`,
      `If this wasn't you, contact ${organisationName} straight away: reply to this e-mail or talk to us at the front desk.`,
    ],
  })
}
