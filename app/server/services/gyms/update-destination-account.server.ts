import { and, eq, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { destinationAccounts, paymentMethods, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkNzBankAccount, maskNzBankAccount } from '~/lib/nz-bank-account'
import { recordAudit } from '../audit/record-audit.server'

/**
 * A gym's destination account changed (issue 17, SPEC §5): the number checked by the shared NZ
 * bank-number module (its checksum; Akahu's Demo Bank 99 only while bank payments go through the
 * sandbox), saved, and the change in the audit log with both numbers masked — one transaction. Answers
 * how many of the gym's members pay by bank: their bank consents name the payee (PROVIDERS.md §2).
 */
export async function updateDestinationAccount(options: {
  db: Db
  now: Date
  organisationId: number
  gymId: number
  accountId: number
  name: string
  bankAccountNumber: string
  acceptDemoBank: boolean
  actorId: number
}) {
  const { db, now } = options
  const check = checkNzBankAccount({
    value: options.bankAccountNumber,
    acceptDemoBank: options.acceptDemoBank,
  })
  if (!check.valid) {
    throw new AppError('VALIDATION', check.message, { fieldErrors: { bank_account_number: [check.message] } })
  }
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(destinationAccounts)
      .where(
        and(
          eq(destinationAccounts.id, options.accountId),
          eq(destinationAccounts.gymId, options.gymId),
          ownedBy(destinationAccounts, options.organisationId),
        ),
      )
      .for('update')
    if (!account) throw new AppError('NOT_FOUND', 'Destination account not found.')
    const [updated] = await tx
      .update(destinationAccounts)
      .set({ name: options.name.trim(), bankAccountNumber: check.number, updatedAt: now })
      .where(eq(destinationAccounts.id, account.id))
      .returning()
    const [payers] = await tx
      .select({ count: sql<number>`count(distinct ${subscriptions.userId})`.mapWith(Number) })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .innerJoin(paymentMethods, eq(paymentMethods.id, users.defaultPaymentMethodId))
      .where(
        and(
          eq(subscriptions.gymId, options.gymId),
          eq(subscriptions.isStaging, false),
          sql`${subscriptions.cancelledAt} is null`,
          eq(paymentMethods.type, 'bank_account'),
        ),
      )
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actorId,
      action: 'gym.destination_account_changed',
      subjectType: 'gym',
      subjectId: options.gymId,
      changes: {
        name: { from: account.name, to: updated?.name },
        bank_account_number: {
          from: maskNzBankAccount(account.bankAccountNumber),
          to: maskNzBankAccount(check.number),
        },
      },
    })
    return { account: updated ?? account, bankPayers: payers?.count ?? 0 }
  })
}
