import type { Db } from '~/db/client.server'
import {
  createDestinationAccount,
  type DestinationAccount,
} from '~/server/services/gyms/create-destination-account.server'
import { createGym, type Gym } from '~/server/services/gyms/create-gym.server'
import { fakeBankAccount } from '../fake-payment-details'
import type { Random } from '../random'

/** A gym with the destination account its bank payments are paid into. */
export async function createFakeGym(options: {
  db: Db
  random: Random
  organisationId: number
  name: string
  /** Defaults to the gym's name. */
  accountName?: string
  now: Date
}): Promise<{ gym: Gym; destinationAccount: DestinationAccount }> {
  const { db, random, organisationId, name, now } = options
  const gym = await createGym({ db, organisationId, name, now })
  const destinationAccount = await createDestinationAccount({
    db,
    organisationId,
    gymId: gym.id,
    name: options.accountName ?? name,
    bankAccountNumber: fakeBankAccount(random).bankAccountNumber,
    now,
  })
  return { gym, destinationAccount }
}
