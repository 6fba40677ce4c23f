import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'

/**
 * Whether a gym takes card payments (issue 25): only once its own card account with the provider is
 * connected and may take charges (Stripe Connect, PROVIDERS.md §1.4). Card payments are paid into that
 * account, so a gym without one is offered to members by bank account only, everywhere.
 */
export function gymTakesCards(gym: { stripeId: string | null; stripeChargesEnabled: boolean }): boolean {
  return gym.stripeId !== null && gym.stripeChargesEnabled
}

/** The refusal of a card at a gym that can't take one, in the member's words. */
export function noCardPaymentsMessage(gymName: string): string {
  return `${gymName} doesn’t take card payments yet. Pay by bank account instead.`
}

/** Refuses (409) a card at a gym without a connected card account; answers the account otherwise. */
export async function requireGymTakesCards(options: {
  db: Db
  gymId: number
}): Promise<{ accountId: string }> {
  const [gym] = await options.db
    .select({ name: gyms.name, stripeId: gyms.stripeId, stripeChargesEnabled: gyms.stripeChargesEnabled })
    .from(gyms)
    .where(eq(gyms.id, options.gymId))
  if (!gym) throw new AppError('NOT_FOUND', 'Gym not found.')
  if (!gym.stripeId || !gymTakesCards(gym)) throw new AppError('CONFLICT', noCardPaymentsMessage(gym.name))
  return { accountId: gym.stripeId }
}
