import type { AkahuClient } from 'akahu'
import { parseNzBankAccount } from '~/lib/nz-bank-account'
import type { SecretBox } from '~/server/secret-box.server'
import {
  BankConsentEndedError,
  type BankConsentProvider,
  type SharedBankAccount,
} from '../payment-method-setup'
import {
  akahuUnavailable,
  classifyAkahuError,
  realSleep,
  type Sleep,
  withRateLimitRetries,
} from './akahu-client.server'

/**
 * Akahu's OAuth (PROVIDERS.md §2) behind the same interface as the bank sandbox: the member goes to
 * `oauth.akahu.nz` with our app token, `ENDURING_CONSENT` and the `state` our service keeps for them;
 * the code that comes back is exchanged server-side with the app secret (`POST /v1/token`) for their
 * long-lived token; the accounts they shared are read with it (`GET /v1/accounts`).
 */
export function createAkahuBankConsent(options: {
  client: AkahuClient
  /** Akahu in test mode: its Demo Bank's `99-…` accounts are the member's accounts. */
  demoBank: boolean
  sleep?: Sleep
  /** The member's token leaves here sealed and is opened only here (ADR 043). */
  secrets: SecretBox
}): BankConsentProvider {
  const { client, secrets } = options
  const sleep = options.sleep ?? realSleep
  return {
    name: 'akahu',
    demoBank: options.demoBank,
    authorisationUrl({ state, redirectUri }) {
      return client.auth.buildAuthorizationUrl({
        redirect_uri: redirectUri,
        state,
        scope: 'ENDURING_CONSENT',
      })
    },
    async exchangeCode({ code, redirectUri }) {
      try {
        const token = await client.auth.exchange(code, redirectUri)
        return { accessToken: secrets.seal(token.access_token) }
      } catch (error) {
        const failure = classifyAkahuError(error)
        // `invalid_grant` and its kin: a used, expired or unknown code, or another redirect address.
        if (failure.kind === 'rate_limited' || failure.kind === 'unavailable') throw akahuUnavailable(failure)
        return null
      }
    },
    async listAccounts({ accessToken }) {
      let accounts: Awaited<ReturnType<AkahuClient['accounts']['list']>>
      try {
        const token = secrets.open(accessToken)
        accounts = await withRateLimitRetries(() => client.accounts.list(token), { sleep })
      } catch (error) {
        const failure = classifyAkahuError(error)
        if (failure.kind === 'unauthorised' || failure.kind === 'forbidden') throw new BankConsentEndedError()
        throw akahuUnavailable(failure)
      }
      // Only accounts that can pay, that Akahu can still reach, with a whole NZ account number.
      return accounts.flatMap((account): SharedBankAccount[] => {
        if (account.status !== 'ACTIVE' || !account.attributes.includes('PAYMENT_FROM')) return []
        const parsed = account.formatted_account ? parseNzBankAccount(account.formatted_account) : null
        if (!parsed) return []
        return [{ reference: account._id, name: account.name, accountNumber: parsed.number }]
      })
    },
    async revoke({ accessToken }) {
      try {
        await client.auth.revoke(secrets.open(accessToken))
      } catch (error) {
        const failure = classifyAkahuError(error)
        if (failure.kind === 'unauthorised') return
        throw akahuUnavailable(failure)
      }
    },
  }
}
