import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, paymentMethods, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { CardSetupProvider } from '~/server/providers/payments/payment-method-setup'
import { requireGymTakesCards } from '../gyms/gym-card-payments.server'
import { addPaymentMethod, type PaymentMethod } from './add-payment-method.server'

/**
 * The second half of saving a card: read the confirmed setup back from the provider and keep what it
 * reports about the card (brand, last four, expiry, country), as the member's default method. Asking
 * twice (a double press, a reload on the return page) saves the card once.
 */
export async function saveCard(options: {
  db: Db
  now: Date
  cardSetups: CardSetupProvider
  organisationId: number
  userId: number
  setupId: string
  /**
   * The card becomes the member's default (the join flow, before joining); a member who has joined
   * agrees to the change first, and a payment link asks the member.
   */
  makeDefault?: boolean
}): Promise<PaymentMethod> {
  const { db, now } = options
  // The setup was made on the member's gym's card account, where it is read back.
  const [home] = await db
    .select({ accountId: gyms.stripeId })
    .from(users)
    .innerJoin(gyms, eq(gyms.id, users.homeGymId))
    .where(eq(users.id, options.userId))
  const setup = await options.cardSetups.retrieveSetup({
    id: options.setupId,
    accountId: home?.accountId ?? null,
  })
  const metadata = setup ? setupOwner(options, setup.metadata) : null
  if (!setup || !metadata) throw new AppError('NOT_FOUND', 'We couldn’t find that card. Enter it again.')
  if (setup.status !== 'succeeded') {
    throw new AppError('VALIDATION', setup.error?.message ?? 'Enter your card details first.', {
      fieldErrors: { setup_id: [setup.error?.message ?? 'Enter your card details first.'] },
    })
  }
  // Cards are paid into the gym's own card account: none there, no card (issue 25).
  await requireGymTakesCards({ db, gymId: metadata.gymId })
  const { card } = setup
  const [existing] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, options.userId),
        eq(paymentMethods.providerReference, card.reference),
        isNull(paymentMethods.deletedAt),
      ),
    )
  if (existing) return existing
  return addPaymentMethod({
    db,
    now,
    organisationId: options.organisationId,
    userId: options.userId,
    method: {
      type: 'stripe_card',
      gymId: metadata.gymId,
      brand: card.brand,
      lastFour: card.lastFour,
      expMonth: card.expMonth,
      expYear: card.expYear,
      country: card.country,
      providerReference: card.reference,
      providerCustomerReference: card.customerReference ?? null,
      providerAccountReference: card.accountReference ?? null,
      meta: { setup_id: setup.id, provider: options.cardSetups.name },
    },
    makeDefault: options.makeDefault ?? true,
  })
}

/** The setup belongs to this member: its metadata names them (a setup id alone proves nothing). */
function setupOwner(
  options: { organisationId: number; userId: number },
  metadata: Record<string, unknown>,
): { gymId: number } | null {
  if (metadata.organisation_id !== options.organisationId || metadata.user_id !== options.userId) return null
  return typeof metadata.gym_id === 'number' ? { gymId: metadata.gym_id } : null
}
