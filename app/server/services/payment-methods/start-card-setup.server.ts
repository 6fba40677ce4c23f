import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { CardSetupProvider } from '~/server/providers/payments/payment-method-setup'
import { requireGymTakesCards } from '../gyms/gym-card-payments.server'

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
}): Promise<{
  id: string
  clientSecret: string
  provider: CardSetupProvider['name']
  /** The gym's connected account: Stripe.js is initialised with it (`stripeAccount`) to confirm there. */
  accountId: string
}> {
  const { db, cardSetups } = options
  const [member] = await db
    .select({ homeGymId: users.homeGymId })
    .from(users)
    .where(and(eq(users.id, options.userId), isNull(users.deletedAt)))
  // Cards are saved on the gym's own card account, so the member must belong to a gym first.
  if (!member?.homeGymId) throw new AppError('CONFLICT', 'Choose your gym before adding a card.')
  const { accountId } = await requireGymTakesCards({ db, gymId: member.homeGymId })
  const setup = await cardSetups.createSetup({
    metadata: { organisation_id: options.organisationId, user_id: options.userId, gym_id: member.homeGymId },
    now: options.now,
  })
  return { ...setup, provider: cardSetups.name, accountId }
}
