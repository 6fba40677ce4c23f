import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { createCardAccountSandbox } from '~/server/providers/payments/card-account-sandbox.server'
import { connectSandboxCardPayments } from '~/server/services/gyms/card-payments-onboarding.server'
import {
  createDestinationAccount,
  type DestinationAccount,
} from '~/server/services/gyms/create-destination-account.server'
import { createGym, type Gym } from '~/server/services/gyms/create-gym.server'
import { fakeBankAccount } from '../fake-payment-details'
import type { Random } from '../random'

/**
 * A gym with the destination account its bank payments are paid into and, unless `cardPayments` is
 * false, its card account connected through the sandbox onboarding (issue 25: cards only where a card
 * account exists).
 */
export async function createFakeGym(options: {
  db: Db
  random: Random
  organisationId: number
  name: string
  /** Defaults to the gym's name. */
  accountName?: string
  cardPayments?: boolean
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
  if (options.cardPayments ?? true) {
    await connectSandboxCardPayments({
      db,
      now,
      provider: createCardAccountSandbox({ db }),
      gymId: gym.id,
      email: `payments@${gym.uuid.slice(0, 8)}.example.nz`,
    })
  }
  const [connected] = await db.select().from(gyms).where(eq(gyms.id, gym.id))
  return { gym: connected ?? gym, destinationAccount }
}
