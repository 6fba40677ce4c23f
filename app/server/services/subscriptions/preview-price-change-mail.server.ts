import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { organisations, prices, users } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { calendarDateAt } from '~/server/billing/calendar'
import { priceChangeMail } from '~/server/mail/templates.server'
import { notFound } from '../service-input.server'
import type { SubscriptionRow } from './manage-subscription.server'

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
  const on = options.date ?? subscription.currentPeriodEnd ?? calendarDateAt(options.now)
  const mail = priceChangeMail({
    organisationName: organisation.name,
    recipientName: member.name,
    takesEffectOn: formatDate(on),
    newPrice: `${formatCents(to.amount)} ${to.billingFrequency.replace('_', ' ')}`,
    currentPrice: formatCents(subscription.forcePriceAmount ?? from.amount),
  })
  return { to: member.email, ...mail }
}
