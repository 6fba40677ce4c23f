import { and, eq, inArray, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { organisations, prices, subscriptions, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { Pause } from '~/server/billing/periods'
import { findSubscriptionPauses } from '~/server/billing/subscription-pauses.server'
import { auditMemberships } from '~/server/services/audit/record-audit.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { notFound } from '../service-input.server'
import { findOfferingWords } from './preview-price-change-mail.server'
import {
  assertPriceChange,
  priceChangeDays,
  priceChangeNotice,
  priceChangeScheduledDescription,
  priceRiseNotice,
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
interface PriceChangesRequest {
  db: Db
  now: Date
  organisationId: number
  priceId: number
  date: string | null | undefined
  subscriptions: Array<{ id: number; version: number }>
  allowed: (gymId: number) => boolean
}

/**
 * Reads and checks a batch as one membership at a time would (unknown, changed, then the rules), in
 * the order given, and says for each what the change is (rise, cut or same), from which day, and
 * whether the notice period before a rise refuses it. `lock` reads the memberships for update (the
 * scheduling's transaction); the preview reads them as they are.
 */
async function planPriceChanges(options: PriceChangesRequest & { lock: boolean }) {
  const { db, now, organisationId, date } = options
  const ids = options.subscriptions.map((entry) => entry.id)
  const read = db
    .select()
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.id, ids),
        ownedBy(subscriptions, organisationId),
        isNull(subscriptions.cancelledAt),
      ),
    )
  const rows = options.lock ? await read.for('update') : await read
  const byId = new Map(rows.map((row) => [row.id, row]))
  const fromIds = [...new Set(rows.map((row) => row.priceId))]
  const [[to], fromPrices, [organisation], members, pauses] = await readTogether(db, [
    () =>
      db
        .select()
        .from(prices)
        .where(and(eq(prices.id, options.priceId), ownedBy(prices, organisationId))),
    () => (fromIds.length > 0 ? db.select().from(prices).where(inArray(prices.id, fromIds)) : []),
    () => db.select().from(organisations).where(eq(organisations.id, organisationId)),
    () =>
      rows.length > 0
        ? db
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(
              inArray(
                users.id,
                rows.map((row) => row.userId),
              ),
            )
        : [],
    () =>
      rows.length > 0
        ? findSubscriptionPauses({ db, subscriptionIds: rows.map((row) => row.id) })
        : new Map<number, Pause[]>(),
  ])
  const fromById = new Map(fromPrices.map((price) => [price.id, price]))
  const memberById = new Map(members.map((member) => [member.id, member]))
  const termGrace = organisation
    ? { amount: organisation.termMembershipGracePeriod, unit: organisation.termMembershipGracePeriodUnit }
    : null

  const changes: Array<
    PlannedPriceChange & {
      member: { id: number; name: string; email: string }
      notice: ReturnType<typeof priceRiseNotice>
    }
  > = []
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
    const from = fromById.get(subscription.priceId)
    const member = memberById.get(subscription.userId)
    if (!to || !from || !member || !organisation) throw notFound('Price')
    // The days as one membership's change names them (`planPriceChange`).
    const { onDate, takesEffectOn } = priceChangeDays({
      subscription,
      from,
      to,
      date,
      termGrace: waitsForTermEnd({ subscription, date, now }) ? termGrace : null,
      pauses: pauses.get(subscription.id) ?? [],
      now,
    })
    const notice = priceRiseNotice({
      subscription,
      from,
      to,
      takesEffectOn,
      noticeDays: organisation.priceRiseNoticeDays,
      now,
    })
    changes.push({ subscription, from, onDate, takesEffectOn, member, notice })
  }
  if (!to || !organisation) throw notFound('Price')
  return { to, organisation, changes }
}

/**
 * What a batch would do, before staff confirm it (issue 25): for each membership its member, what they
 * pay now and would pay, whether that is a rise, a cut or the same, from which day, and the refusal in
 * words when a rise would come with too little notice.
 */
export async function previewPriceChanges(options: PriceChangesRequest) {
  const { to, changes } = await planPriceChanges({ ...options, lock: false })
  return changes.map(({ subscription, from, takesEffectOn, member, notice }) => ({
    subscription_id: subscription.id,
    member: { id: member.id, name: member.name },
    from_amount: subscription.forcePriceAmount ?? from?.amount ?? 0,
    to_amount: to.amount,
    kind: notice.kind,
    takes_effect_on: takesEffectOn,
    refused: notice.refused,
  }))
}

export async function schedulePriceChanges(
  options: PriceChangesRequest & { actorId: number; mailer: Mailer },
) {
  const { db, now, organisationId } = options
  return db.transaction(async (tx) => {
    const { to, organisation, changes } = await planPriceChanges({ ...options, db: tx, lock: true })
    // A rise with too little notice refuses the batch, naming whom (the screen said so before).
    const refused = changes.filter((change) => change.notice.refused)
    if (refused.length > 0) {
      const names = refused.map((change) => change.member.name)
      const message = `${refused[0]?.notice.refused} (${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}). Choose a later day or leave them out.`
      throw new AppError('VALIDATION', message, { fieldErrors: { date: [message] } })
    }
    await writePriceChanges({ db: tx, now, to, changes, scheduledByUserId: options.actorId })

    const offeringWords = await findOfferingWords(tx, [
      to.offeringId,
      ...changes.map((change) => change.from?.offeringId ?? to.offeringId),
    ])
    const notices = changes.map(({ subscription, from, takesEffectOn, member }) => {
      if (!from) throw notFound('Price')
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
