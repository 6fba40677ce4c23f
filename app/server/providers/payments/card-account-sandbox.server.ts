import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { sandboxConnectAccounts } from '~/db/schema/sandbox'
import type { CardAccount, CardAccountProvider } from './card-accounts'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The console's page that stands in for Stripe's hosted Connect onboarding (routes/console/sandbox-stripe). */
export const SANDBOX_ONBOARDING_PATH = '/sandbox-stripe/onboarding'

/** How long an onboarding link works: long enough to fill the form in, short as Stripe's are. */
const LINK_MINUTES = 10

type AccountRow = typeof sandboxConnectAccounts.$inferSelect

const toCardAccount = (row: AccountRow): CardAccount => ({
  id: row.id,
  businessName: row.businessName,
  detailsSubmitted: row.detailsSubmitted,
  chargesEnabled: row.chargesEnabled,
  payoutsEnabled: row.payoutsEnabled,
})

/**
 * The card provider's Connect side without Stripe keys (docs/sandbox-payments.md): accounts in the
 * database (`sandbox_connect_accounts`), an onboarding link kept as a hash that works once and for ten
 * minutes, and the account's state as the onboarding page left it. Not a mock: a callback re-reads what
 * the owner really submitted, and a used or old link is refused as Stripe refuses it.
 */
export function createCardAccountSandbox(options: { db: Db }): CardAccountProvider {
  const { db } = options
  return {
    name: 'sandbox_connect',
    async createAccount({ metadata, businessName, now }) {
      const accountId = `acct_sandbox_${randomBytes(12).toString('hex')}`
      await db
        .insert(sandboxConnectAccounts)
        .values({ id: accountId, metadata, businessName, createdAt: now })
      return { accountId }
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl, now }) {
      const link = `link_sandbox_${randomBytes(24).toString('hex')}`
      const expiresAt = new Date(now.getTime() + LINK_MINUTES * 60_000)
      const [row] = await db
        .update(sandboxConnectAccounts)
        .set({ linkHash: sha256(link), linkExpiresAt: expiresAt, returnUrl, refreshUrl })
        .where(eq(sandboxConnectAccounts.id, accountId))
        .returning({ id: sandboxConnectAccounts.id })
      if (!row) throw new Error(`No sandbox account ${accountId}`)
      return { url: `${SANDBOX_ONBOARDING_PATH}?${new URLSearchParams({ link })}`, expiresAt }
    },
    async retrieveAccount({ accountId }) {
      const [row] = await db
        .select()
        .from(sandboxConnectAccounts)
        .where(eq(sandboxConnectAccounts.id, accountId))
      return row ? toCardAccount(row) : null
    },
  }
}

/** What the onboarding page shows for a link that still works; null for an unknown, used or old one. */
export async function readSandboxOnboarding(options: { db: Db; link: string; now: Date }) {
  const [row] = await options.db
    .select()
    .from(sandboxConnectAccounts)
    .where(
      and(
        eq(sandboxConnectAccounts.linkHash, sha256(options.link)),
        gt(sandboxConnectAccounts.linkExpiresAt, options.now),
      ),
    )
  return row ? { account: toCardAccount(row), email: row.email, country: row.country } : null
}

/**
 * The onboarding page's Submit or "Return to Gymbase": the link is used up either way; Submit records
 * the business details and, as Stripe's test mode does for a complete form, turns charges and payouts
 * on. Answers where to send the owner (the platform's return address), or null for a link that no
 * longer works.
 */
export async function finishSandboxOnboarding(options: {
  db: Db
  link: string
  now: Date
  details: { businessName: string; email: string } | null
}): Promise<string | null> {
  const submitted = options.details
    ? {
        businessName: options.details.businessName,
        email: options.details.email,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        submittedAt: options.now,
      }
    : {}
  const [row] = await options.db
    .update(sandboxConnectAccounts)
    .set({ linkHash: null, linkExpiresAt: null, ...submitted })
    .where(
      and(
        eq(sandboxConnectAccounts.linkHash, sha256(options.link)),
        gt(sandboxConnectAccounts.linkExpiresAt, options.now),
      ),
    )
    .returning({ returnUrl: sandboxConnectAccounts.returnUrl })
  return row?.returnUrl ?? null
}
