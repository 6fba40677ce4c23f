import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { sandboxBankGrants } from '~/db/schema/sandbox'
import { sandboxBankAccountReference, sandboxTestAccounts } from './bank-sandbox.server'
import {
  BankConsentEndedError,
  type BankConsentProvider,
  type SharedBankAccount,
} from './payment-method-setup'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The join site's page that stands in for Akahu's consent screen (routes/join/sandbox-bank). */
export const SANDBOX_CONSENT_PATH = '/sandbox-bank/consent'

const accountNames: Record<string, string> = {
  '91': 'Everyday',
  '01': 'Bills (a slow bank)',
  '92': 'Savings (cannot make payments)',
  '93': 'Spending (not enough money)',
  '94': 'Old cheque (bank error)',
}

/** What the sandbox's consent page lists: the test accounts of docs/sandbox-payments.md, by name. */
export const sandboxConsentAccounts = sandboxTestAccounts.map((account) => ({
  suffix: account.suffix,
  accountNumber: account.example,
  name: accountNames[account.suffix] ?? 'Account',
}))

/**
 * The bank sandbox's OAuth (docs/sandbox-payments.md): the consent page records the accounts a person
 * chose and gives a one-time code; `exchangeCode` swaps it for a token; `listAccounts` answers with the
 * shared accounts. Codes and tokens are kept only as hashes, as a provider would keep secrets.
 */
export function createBankConsentSandbox(options: { db: Db }): BankConsentProvider {
  const { db } = options
  return {
    name: 'sandbox_bank',
    demoBank: true,
    authorisationUrl({ state, redirectUri }) {
      const query = new URLSearchParams({ redirect_uri: redirectUri, state, response_type: 'code' })
      return `${SANDBOX_CONSENT_PATH}?${query}`
    },
    async exchangeCode({ code, redirectUri, now }) {
      const accessToken = `token_sandbox_${randomBytes(24).toString('hex')}`
      const [grant] = await db
        .update(sandboxBankGrants)
        .set({ codeHash: null, tokenHash: sha256(accessToken), exchangedAt: now })
        .where(
          and(
            eq(sandboxBankGrants.codeHash, sha256(code)),
            eq(sandboxBankGrants.redirectUri, redirectUri),
            isNull(sandboxBankGrants.exchangedAt),
          ),
        )
        .returning({ id: sandboxBankGrants.id })
      return grant ? { accessToken } : null
    },
    async listAccounts({ accessToken }) {
      const [grant] = await db
        .select({ suffixes: sandboxBankGrants.accountSuffixes })
        .from(sandboxBankGrants)
        .where(eq(sandboxBankGrants.tokenHash, sha256(accessToken)))
      if (!grant) throw new BankConsentEndedError()
      return grant.suffixes.flatMap((suffix): SharedBankAccount[] => {
        const account = sandboxConsentAccounts.find((candidate) => candidate.suffix === suffix)
        if (!account) return []
        return [
          {
            reference: sandboxBankAccountReference(account.accountNumber),
            name: account.name,
            accountNumber: account.accountNumber,
          },
        ]
      })
    },
    async revoke({ accessToken }) {
      await db
        .update(sandboxBankGrants)
        .set({ tokenHash: null })
        .where(eq(sandboxBankGrants.tokenHash, sha256(accessToken)))
    },
  }
}

/**
 * The consent page's "Allow": records the chosen accounts and answers where to send the person back,
 * with the code and their `state`, as Akahu's redirect does.
 */
export async function grantSandboxBankConsent(options: {
  db: Db
  redirectUri: string
  state: string
  accountSuffixes: readonly string[]
  now: Date
}): Promise<string> {
  const code = `code_sandbox_${randomBytes(24).toString('hex')}`
  await options.db.insert(sandboxBankGrants).values({
    codeHash: sha256(code),
    accountSuffixes: [...options.accountSuffixes],
    redirectUri: options.redirectUri,
    createdAt: options.now,
  })
  const url = new URL(options.redirectUri)
  url.searchParams.set('code', code)
  url.searchParams.set('state', options.state)
  return url.toString()
}
