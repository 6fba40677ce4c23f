/**
 * The gyms' e-mails to members (issue 17). Built from the shared blocks of `templates.server.ts`, so
 * every value is escaped the same way.
 */
import { buttonPart, greetedMail, type MailContent } from './templates.server'

/**
 * A gym's bank account changed (ADR 030): the member pays by bank, and the permission they gave through
 * their bank names the account paid into, so they are asked to connect their bank again.
 */
export function destinationAccountChangedMail(facts: {
  organisationName: string
  gymName: string
  recipientName: string
  /** The new account's name, as the gym entered it ("Ponsonby Fitness Ltd"). */
  accountName: string
  /** The join site's connect-your-bank step. */
  reconnectUrl: string
}): MailContent {
  const heading = 'Please reconnect your bank'
  const subject = `${facts.gymName}: please reconnect your bank for your membership payments`
  const what = `${facts.gymName} now receives membership payments into a new bank account, in the name of ${facts.accountName}.`
  const why =
    'The permission you gave through your bank names the account your payments go to, so your bank needs you to agree again. It takes a minute: sign in, connect your bank and choose the account to pay from.'
  const meanwhile =
    'Your membership and its price stay the same. Until you reconnect, your bank may not send a payment to the new account; if a payment doesn’t go through we’ll e-mail you a link to pay it, so you won’t lose access without warning.'
  const notYou =
    'If you didn’t expect this, talk to us at the front desk before connecting anything. We will never ask for your banking password.'
  return greetedMail({
    organisationName: facts.organisationName,
    recipientName: facts.recipientName,
    subject,
    heading,
    parts: [
      what,
      why,
      buttonPart('Reconnect my bank', facts.reconnectUrl, 'Reconnect your bank'),
      meanwhile,
      notYou,
    ],
  })
}
