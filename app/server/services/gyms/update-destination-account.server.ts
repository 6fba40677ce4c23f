import { and, eq, inArray } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { destinationAccounts, gyms, organisations, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { checkNzBankAccount, maskNzBankAccount } from '~/lib/nz-bank-account'
import { destinationAccountChangedMail } from '~/server/mail/gym-templates.server'
import { recordAudit } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { findBankPayers } from './bank-payers.server'
import { findGym } from './find-gyms.server'

/** The join site's connect-your-bank step, where a member paying by bank gives a new consent. */
export const RECONNECT_BANK_PATH = '/connect-akahu'

/**
 * A gym's destination account changed (issue 17, SPEC §5): the number checked by the shared NZ
 * bank-number module (its checksum; Akahu's Demo Bank 99 only while bank payments go through the
 * sandbox), saved, and the change in the audit log with both numbers masked — one transaction. When
 * the number changes, each member paying the gym by bank is told in the same transaction (ADR 030):
 * their bank consent names the payee (PROVIDERS.md §2), so `reauthenticate_akahu` is set and an e-mail
 * asks them to connect their bank again. Answers how many were told, in words, and the gym as the
 * gyms screens show it.
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
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
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
    // A new name on the same number changes no consent: nobody needs to do anything.
    const numberChanged = account.bankAccountNumber !== check.number
    const payers = numberChanged ? await findBankPayers(tx, options.gymId) : []
    if (payers.length > 0) {
      await tx
        .update(users)
        .set({ reauthenticateAkahu: true, updatedAt: now })
        .where(
          inArray(
            users.id,
            payers.map((payer) => payer.id),
          ),
        )
      const [names] = await tx
        .select({ gymName: gyms.name, organisationName: organisations.name })
        .from(gyms)
        .innerJoin(organisations, eq(organisations.id, gyms.organisationId))
        .where(eq(gyms.id, options.gymId))
      for (const payer of payers) {
        await options.mailer.send({
          db: tx,
          organisationId: options.organisationId,
          to: payer.email,
          message: destinationAccountChangedMail({
            organisationName: names?.organisationName ?? '',
            gymName: names?.gymName ?? '',
            recipientName: payer.name,
            accountName: options.name.trim(),
            reconnectUrl: options.siteUrl('join', RECONNECT_BANK_PATH),
          }),
        })
      }
    }
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
        bank_payers_told: payers.length,
      },
    })
    const gym = await findGym({
      db: tx,
      organisationId: options.organisationId,
      viewerId: options.actorId,
      gymId: options.gymId,
    })
    const told = payers.length
    return { account: updated ?? account, gym, bankPayersTold: told, message: accountChangedMessage(told) }
  })
}

function accountChangedMessage(told: number): string {
  const paid = 'Bank payments will be paid into the new account.'
  if (told === 0) return paid
  return `${paid} ${told === 1 ? 'One member who pays' : `${told} members who pay`} by bank ${told === 1 ? 'was' : 'were'} e-mailed to reconnect their bank.`
}
