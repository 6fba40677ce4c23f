import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { CardSetupProvider } from '~/server/providers/payments/payment-method-setup'
import { requireGymTakesCards } from '../gyms/gym-card-payments.server'

/** A setup to confirm in the browser, and where: the provider, and the gym's card account. */
export interface StartedCardSetup {
  id: string
  clientSecret: string
  provider: CardSetupProvider['name']
  /** The connected account the setup lives on (`acct_…`): the provider's answer, else the gym's own. */
  accountId: string
}

/**
 * The first half of saving a card (Stripe's SetupIntent): a setup for this member at their gym, whose
 * client secret the card form confirms with the provider.
 */
export async function startCardSetup(options: {
  db: Db
  now: Date
  cardSetups: CardSetupProvider
  organisationId: number
  userId: number
}): Promise<StartedCardSetup> {
  const { db, cardSetups } = options
  const [member] = await db
    .select({ homeGymId: users.homeGymId })
    .from(users)
    .where(and(eq(users.id, options.userId), isNull(users.deletedAt)))
  // Cards are saved on the gym's own card account, so the member must belong to a gym first.
  if (!member?.homeGymId) throw new AppError('CONFLICT', 'Choose your gym before adding a card.')
  const gym = await requireGymTakesCards({ db, gymId: member.homeGymId })
  const setup = await cardSetups.createSetup({
    metadata: { organisation_id: options.organisationId, user_id: options.userId, gym_id: member.homeGymId },
    now: options.now,
  })
  return {
    id: setup.id,
    clientSecret: setup.clientSecret,
    provider: cardSetups.name,
    accountId: setup.accountId ?? gym.accountId,
  }
}
