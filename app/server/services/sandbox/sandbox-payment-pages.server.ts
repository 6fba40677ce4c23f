import { chooseAccountMessage } from '~/contracts/bank-consent-words'
import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import {
  grantSandboxBankConsent,
  sandboxConsentAccounts,
} from '~/server/providers/payments/bank-consent-sandbox.server'
import {
  confirmSandboxCardSetup,
  type SandboxCardDetails,
} from '~/server/providers/payments/card-setup-sandbox.server'
import { validationError } from '../service-input.server'

/**
 * The bank sandbox's consent page submitted: only our own connect steps may receive a code (Akahu
 * allows only the app's registered addresses), for at least one of the sandbox's accounts. Answers
 * where the page sends the person back to, with the code.
 */
export async function grantSandboxConsent(options: {
  db: Db
  now: Date
  redirectUri: string
  /** Our own connect steps' addresses (the join flow's, the payment link's). */
  ownRedirectUris: readonly string[]
  state: string
  accountSuffixes: readonly string[]
}): Promise<string> {
  if (!options.ownRedirectUris.includes(options.redirectUri)) {
    throw validationError('redirect_uri', 'This consent was not started by Gymbase.')
  }
  const known = new Set(sandboxConsentAccounts.map((account) => account.suffix))
  const suffixes = [...new Set(options.accountSuffixes)].filter((suffix) => known.has(suffix))
  if (suffixes.length === 0) throw validationError('account_suffixes', chooseAccountMessage)
  return grantSandboxBankConsent({
    db: options.db,
    redirectUri: options.redirectUri,
    state: options.state,
    accountSuffixes: suffixes,
    now: options.now,
  })
}

/** The sandbox card form submitted (what Stripe.js would do); a form no longer waiting is a 404 in words. */
export async function confirmSandboxCard(options: {
  db: Db
  clientSecret: string
  card: SandboxCardDetails
  now: Date
}) {
  const result = await confirmSandboxCardSetup(options)
  if (!result) throw new AppError('NOT_FOUND', 'This card form has expired. Reload the page and try again.')
  return result
}
