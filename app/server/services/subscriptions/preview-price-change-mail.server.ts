import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { organisations, prices, users } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'
import { notFound } from '../service-input.server'
import type { SubscriptionRow } from './manage-subscription.server'
import { priceChangeNotice } from './price-change-rules.server'

/**
 * The e-mail a member would get about moving to `priceId` on `date` (or at the end of the current
 * period), without sending it: staff read it before they schedule the change.
 */
export async function previewPriceChangeMail(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  priceId: number
  date?: string | null | undefined
}) {
  const { db, subscription } = options
  const [[member], [organisation], [from], [to]] = await Promise.all([
    db.select().from(users).where(eq(users.id, subscription.userId)),
    db.select().from(organisations).where(eq(organisations.id, subscription.organisationId)),
    db.select().from(prices).where(eq(prices.id, subscription.priceId)),
    db
      .select()
      .from(prices)
      .where(and(eq(prices.id, options.priceId), ownedBy(prices, subscription.organisationId))),
  ])
  if (!member || !organisation || !from || !to) throw notFound('Price')
  return priceChangeNotice({
    organisationName: organisation.name,
    member,
    subscription,
    from,
    to,
    on: options.date ?? subscription.currentPeriodEnd ?? calendarDateAt(options.now),
  })
}
