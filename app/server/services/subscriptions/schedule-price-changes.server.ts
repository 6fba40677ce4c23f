import { and, eq, inArray, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { organisations, prices, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { auditMemberships } from '~/server/services/audit/record-audit.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { notFound } from '../service-input.server'
import { findOfferingWords } from './preview-price-change-mail.server'
import {
  assertPriceChange,
  priceChangeNotice,
  priceChangeScheduledDescription,
  priceChangeTiming,
  waitsForTermEnd,
} from './price-change-rules.server'
import { changedMeanwhileMessage } from './subscription-version.server'
import { type PlannedPriceChange, writePriceChanges } from './write-price-changes.server'

/**
 * One new price for many memberships (issue 15, members.change-price): every change, its notice to the
 * member (the outbox) and its history line in one transaction, so a batch is scheduled whole or not at
 * all. A membership changed since the list was read (its version) refuses the batch with a 409 that
 * names the member; one the caller may not manage is a 404 (`allowed` decides, per gym).
 *
 * Set-based (2,000 memberships in a request): the memberships, their members and prices are read in a
 * few statements, each is checked in the order given by the rules one membership's change reads
 * (`price-change-rules.server.ts`), then `writePriceChanges` moves them all and writes their history
 * lines, and the notices and audit lines go in one statement each.
 */
export async function schedulePriceChanges(options: {
  db: Db
  now: Date
  organisationId: number
  actorId: number
  mailer: Mailer
  priceId: number
  date: string | null | undefined
  subscriptions: Array<{ id: number; version: number }>
  allowed: (gymId: number) => boolean
}) {
  const { db, now, organisationId, date } = options
  const ids = options.subscriptions.map((entry) => entry.id)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.id, ids),
          ownedBy(subscriptions, organisationId),
          isNull(subscriptions.cancelledAt),
        ),
      )
      .for('update')
    const byId = new Map(rows.map((row) => [row.id, row]))
    const fromIds = [...new Set(rows.map((row) => row.priceId))]
    const [[to], fromPrices, [organisation], members] = await Promise.all([
      tx
        .select()
        .from(prices)
        .where(and(eq(prices.id, options.priceId), ownedBy(prices, organisationId))),
      fromIds.length > 0 ? tx.select().from(prices).where(inArray(prices.id, fromIds)) : [],
      tx.select().from(organisations).where(eq(organisations.id, organisationId)),
      rows.length > 0
        ? tx
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(
              inArray(
                users.id,
                rows.map((row) => row.userId),
              ),
            )
        : [],
    ])
    const fromById = new Map(fromPrices.map((price) => [price.id, price]))
    const memberById = new Map(members.map((member) => [member.id, member]))
    const termGrace = organisation
      ? { amount: organisation.termMembershipGracePeriod, unit: organisation.termMembershipGracePeriodUnit }
      : null

    // In the order given, as one membership at a time would refuse them: unknown, changed, then the rules.
    const changes: PlannedPriceChange[] = []
    const seen = new Set<number>()
    for (const entry of options.subscriptions) {
      const subscription = byId.get(entry.id)
      if (!subscription || !options.allowed(subscription.gymId))
        throw new AppError('NOT_FOUND', 'Membership not found.')
      if (subscription.version !== entry.version) {
        throw new AppError(
          'CONFLICT',
          'A membership in the list was changed meanwhile. Reload the list and try again.',
        )
      }
      assertPriceChange({ subscription, to, date, now })
      // The same membership twice: its second change would find it moved on by the first.
      if (seen.has(subscription.id)) throw new AppError('CONFLICT', changedMeanwhileMessage)
      seen.add(subscription.id)
      const timing = priceChangeTiming({
        subscription,
        date,
        termGrace: waitsForTermEnd({ subscription, date, now }) ? termGrace : null,
        now,
      })
      changes.push({ subscription, from: fromById.get(subscription.priceId), ...timing })
    }
    if (!to) throw notFound('Price')
    await writePriceChanges({ db: tx, now, to, changes, scheduledByUserId: options.actorId })

    const offeringWords = await findOfferingWords(tx, [
      ...(to ? [to.offeringId] : []),
      ...fromPrices.map((price) => price.offeringId),
    ])
    const notices = changes.map(({ subscription, from, takesEffectOn }) => {
      const member = memberById.get(subscription.userId)
      if (!member || !organisation || !from) throw notFound('Price')
      return priceChangeNotice({
        organisationName: organisation.name,
        member,
        subscription,
        from,
        to,
        on: takesEffectOn,
        offerings: offeringWords,
      })
    })
    await options.mailer.sendMany({
      db: tx,
      organisationId,
      messages: notices.map((notice, index) => ({
        to: notice.to,
        memberId: changes[index]?.subscription.userId ?? null,
        message: { subject: notice.subject, html: notice.html, text: notice.text },
      })),
    })
    await auditMemberships(
      tx,
      changes.map(({ subscription, takesEffectOn }) => ({
        actorId: options.actorId,
        subscription,
        action: 'membership.price_change_scheduled',
        description: priceChangeScheduledDescription({ toAmount: to.amount, takesEffectOn }),
        details: { price_id: options.priceId, bulk: true },
      })),
    )
    return changes.map(({ subscription, takesEffectOn }, index) => ({
      subscription_id: subscription.id,
      email: notices[index]?.to ?? '',
      takes_effect_on: takesEffectOn,
    }))
  })
}
