import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import { maskNzBankAccount } from '~/lib/nz-bank-account'
import { recordAudit } from '../audit/record-audit.server'
import { createDestinationAccount } from './create-destination-account.server'
import { createGym } from './create-gym.server'
import { findGym } from './find-gyms.server'

/**
 * An organisation admin adds a gym (issue 17): the gym and its destination account (the number
 * checked by the shared NZ module) and the audit line, in one transaction — a gym is never left
 * without the account its bank payments go to. Answers the gym as the gyms screens show it.
 */
export async function addGym(options: {
  db: Db
  now: Date
  organisationId: number
  name: string
  account: { name: string; bankAccountNumber: string }
  acceptDemoBank: boolean
  actorId: number
}) {
  const { db, now } = options
  return db.transaction(async (tx) => {
    const gym = await createGym({ db: tx, now, organisationId: options.organisationId, name: options.name })
    const account = await createDestinationAccount({
      db: tx,
      now,
      organisationId: options.organisationId,
      gymId: gym.id,
      name: options.account.name,
      bankAccountNumber: options.account.bankAccountNumber,
      acceptDemoBank: options.acceptDemoBank,
    }).catch((error: unknown) => {
      // The account's fields sit under `destination_account` in the request.
      if (!(error instanceof AppError) || !error.fieldErrors) throw error
      const fieldErrors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([key, messages]) => [`destination_account.${key}`, messages]),
      )
      throw new AppError(error.code, error.message, { fieldErrors })
    })
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actorId,
      action: 'gym.created',
      subjectType: 'gym',
      subjectId: gym.id,
      changes: { name: gym.name, bank_account_number: maskNzBankAccount(account.bankAccountNumber) },
    })
    return findGym({
      db: tx,
      organisationId: options.organisationId,
      viewerId: options.actorId,
      gymId: gym.id,
    })
  })
}
