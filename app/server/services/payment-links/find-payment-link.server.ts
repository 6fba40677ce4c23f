import { eq } from 'drizzle-orm'
import { unknownLinkMessage } from '~/contracts/payment-link-token'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { gyms, offerings, organisations, paymentLinks, prices, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { hashToken } from '~/server/auth/tokens.server'
import { findOwedFailures } from '~/server/billing/engine/owed-periods.server'
import { owedPeriodCharge } from '~/server/billing/next-charge'
import { findCardSurcharges } from '~/server/billing/subscription-payment.server'

export type PaymentLinkRow = typeof paymentLinks.$inferSelect

/** A link's state: it pays until it has been used or has expired. */
export function paymentLinkState(link: Pick<PaymentLinkRow, 'usedAt' | 'expiresAt'>, now: Date) {
  if (link.usedAt) return 'used' as const
  if (link.expiresAt <= now) return 'expired' as const
  return 'usable' as const
}

/** The link a token names (404 in words for any token we never made). */
export async function findPaymentLinkByToken(db: Db, token: string): Promise<PaymentLinkRow> {
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.tokenHash, hashToken(token)))
  if (!link) throw new AppError('NOT_FOUND', unknownLinkMessage)
  return link
}

/**
 * What the pay page shows (issue 16): whose membership, what is owed now and why (each owed period's
 * latest failure), the grace period's end, and the link's state.
 */
export async function findPaymentLinkDetail(options: { db: Db; now: Date; token: string }) {
  const { db, now } = options
  const link = await findPaymentLinkByToken(db, options.token)
  const [row] = await db
    .select({
      subscription: subscriptions,
      memberName: users.name,
      organisationName: organisations.name,
      gymName: gyms.name,
      offeringName: offerings.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(organisations, eq(organisations.id, subscriptions.organisationId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(eq(subscriptions.id, link.subscriptionId))
  if (!row) throw new AppError('NOT_FOUND', unknownLinkMessage)
  const [owed, surcharges] = await readTogether(db, [
    () => findOwedFailures(db, [link.subscriptionId]),
    () => findCardSurcharges({ db, organisationIds: [row.subscription.organisationId] }),
  ])
  const settings = surcharges.get(row.subscription.organisationId)
  // What paying every owed period takes by each kind of method, as `claimOwedPeriodCharge` charges it.
  const totalBy = (type: 'bank_account' | 'stripe_card') => {
    const charges = owed.map((failed) => owedPeriodCharge({ failed, type, settings }))
    const surcharge = charges.reduce((sum, charge) => sum + charge.surcharge, 0)
    return { surcharge, total: charges.reduce((sum, charge) => sum + charge.total, 0) }
  }
  const totals = { bank_account: totalBy('bank_account'), stripe_card: totalBy('stripe_card') }
  return { link, state: paymentLinkState(link, now), ...row, owed, totals }
}
