import type { Db } from '~/db/client.server'
import type { CardSetupProvider } from '~/server/providers/payments/payment-method-setup'
import { finishBankConsent } from './bank-consent.server'
import { changePaymentMethod, hasJoined } from './change-payment-method.server'
import { findMemberPaymentMethodList } from './find-member-payment-methods.server'
import { saveCard } from './save-card.server'

/**
 * The signed-in member's own payment methods (the join flow's pay step, the member's page): each step
 * answers what the screen shows next.
 */

/** `changePaymentMethod`, answered with the member's methods. */
export async function switchMemberPaymentMethod(options: Parameters<typeof changePaymentMethod>[0]) {
  await changePaymentMethod(options)
  return findMemberPaymentMethodList({ db: options.db, userId: options.userId })
}

/**
 * A new card saved. It becomes the default only before joining: a member who has joined keeps paying as
 * they do until they agree to the change (issue 25). Answers the card and which method is the default.
 */
export async function saveMemberCard(options: {
  db: Db
  now: Date
  cardSetups: CardSetupProvider
  organisationId: number
  userId: number
  setupId: string
}) {
  const { db, now, userId } = options
  const card = await saveCard({ ...options, makeDefault: !(await hasJoined(db, userId, now)) })
  const { defaultId } = await findMemberPaymentMethodList({ db, userId })
  return { card, defaultId }
}

/** Back from the bank's consent page: the consent finished, said in words. */
export async function connectMemberBank(options: Parameters<typeof finishBankConsent>[0]) {
  await finishBankConsent(options)
  return { message: 'Your bank is connected.' }
}
