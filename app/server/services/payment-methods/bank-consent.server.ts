import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { bankConnections, paymentMethods, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import {
  BankConsentEndedError,
  type BankConsentProvider,
} from '~/server/providers/payments/payment-method-setup'
import {
  PaymentProviderUnavailableError,
  REAUTHENTICATE_AKAHU,
} from '~/server/providers/payments/payment-provider'
import { addPaymentMethod, type PaymentMethod } from './add-payment-method.server'
import { findMemberPaymentMethodList } from './find-member-payment-methods.server'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** How long the member has to finish at the bank's consent page. */
const CONSENT_WINDOW_MS = 30 * 60_000

export const consentExpiredMessage =
  'That bank connection took too long or was already used. Start connecting your bank again.'

export const bankUnavailableMessage =
  'Your bank connection service did not answer. Nothing was changed: try again in a minute.'

export const consentEndedMessage =
  'Your bank connection has ended (it was cancelled at your bank or with Akahu). Connect your bank again.'

/** The provider did not answer: a plain 4xx the member can act on, never a 5xx. */
async function unlessUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError)
      throw new AppError('CONFLICT', bankUnavailableMessage)
    throw error
  }
}

/**
 * `GET /api/akahu/auth-url`: where to send the member to choose the accounts to share. The `state` is
 * remembered (as a hash) for this member only, so a code coming back for someone else is refused.
 */
export async function startBankConsent(options: {
  db: Db
  now: Date
  bankConsents: BankConsentProvider
  organisationId: number
  userId: number
  redirectUri: string
}): Promise<string> {
  const state = randomBytes(24).toString('hex')
  await options.db.insert(bankConnections).values({
    organisationId: options.organisationId,
    userId: options.userId,
    provider: options.bankConsents.name,
    stateHash: sha256(state),
    stateExpiresAt: new Date(options.now.getTime() + CONSENT_WINDOW_MS),
    createdAt: options.now,
    updatedAt: options.now,
  })
  return options.bankConsents.authorisationUrl({ state, redirectUri: options.redirectUri })
}

/**
 * `POST /api/akahu/exchange`: the code the consent page gave back, exchanged for the connection's
 * access token. The state must be this member's, unused and recent; a code works once.
 */
export async function finishBankConsent(options: {
  db: Db
  now: Date
  bankConsents: BankConsentProvider
  userId: number
  code: string
  state: string
  redirectUri: string
}): Promise<void> {
  const { db, now } = options
  const [connection] = await db
    .update(bankConnections)
    .set({ stateHash: null, updatedAt: now })
    .where(
      and(
        eq(bankConnections.stateHash, sha256(options.state)),
        eq(bankConnections.userId, options.userId),
        gt(bankConnections.stateExpiresAt, now),
      ),
    )
    .returning({ id: bankConnections.id })
  if (!connection)
    throw new AppError('VALIDATION', consentExpiredMessage, {
      fieldErrors: { state: [consentExpiredMessage] },
    })
  const token = await unlessUnavailable(() =>
    options.bankConsents.exchangeCode({ code: options.code, redirectUri: options.redirectUri, now }),
  )
  if (!token)
    throw new AppError('VALIDATION', consentExpiredMessage, {
      fieldErrors: { code: [consentExpiredMessage] },
    })
  await db.transaction(async (tx) => {
    await tx
      .update(bankConnections)
      .set({ accessToken: token.accessToken, connectedAt: now, updatedAt: now })
      .where(eq(bankConnections.id, connection.id))
    // A new consent names the gym's account as it is now: nothing left to reconnect (ADR 030).
    await tx
      .update(users)
      .set({ reauthenticateAkahu: false, updatedAt: now })
      .where(and(eq(users.id, options.userId), eq(users.reauthenticateAkahu, true)))
  })
}

/**
 * `POST /api/akahu/sync-accounts`: the accounts shared through the member's newest connection become
 * their bank payment methods (once each, however often this runs). The first connected becomes the
 * default when the member had none; they choose another on the next screen. Answers the member's
 * bank methods.
 */
export async function syncBankAccounts(options: {
  db: Db
  now: Date
  bankConsents: BankConsentProvider
  organisationId: number
  userId: number
  acceptDemoBank: boolean
}): Promise<{ methods: PaymentMethod[]; defaultId: number | null }> {
  const { db, now } = options
  const [connection] = await db
    .select({ accessToken: bankConnections.accessToken })
    .from(bankConnections)
    .where(and(eq(bankConnections.userId, options.userId), isNotNull(bankConnections.accessToken)))
    .orderBy(desc(bankConnections.connectedAt), desc(bankConnections.id))
    .limit(1)
  if (!connection?.accessToken) throw new AppError('CONFLICT', 'Connect your bank first.')
  const accessToken = connection.accessToken
  let accounts: Awaited<ReturnType<BankConsentProvider['listAccounts']>>
  try {
    accounts = await unlessUnavailable(() => options.bankConsents.listAccounts({ accessToken }))
  } catch (error) {
    if (!(error instanceof BankConsentEndedError)) throw error
    // Revoked since it was given: the member is asked to connect again, on their pages and here.
    await db
      .update(users)
      .set({ reauthenticateAkahu: true, updatedAt: now })
      .where(eq(users.id, options.userId))
    throw new AppError('CONFLICT', consentEndedMessage)
  }
  for (const account of accounts) {
    const [existing] = await db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.userId, options.userId),
          eq(paymentMethods.providerReference, account.reference),
          isNull(paymentMethods.deletedAt),
        ),
      )
    if (existing) {
      // Shared again by a new consent: a method marked for reconnecting can be charged once more.
      await db
        .update(paymentMethods)
        .set({ status: 'active', updatedAt: now })
        .where(and(eq(paymentMethods.id, existing.id), eq(paymentMethods.status, REAUTHENTICATE_AKAHU)))
      continue
    }
    await addPaymentMethod({
      db,
      now,
      organisationId: options.organisationId,
      userId: options.userId,
      acceptDemoBank: options.acceptDemoBank,
      method: {
        type: 'bank_account',
        bankAccountNumber: account.accountNumber,
        name: account.name,
        providerReference: account.reference,
        meta: { provider: options.bankConsents.name },
      },
    })
  }
  const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId: options.userId })
  return { methods: methods.filter((method) => method.type === 'bank_account'), defaultId }
}
