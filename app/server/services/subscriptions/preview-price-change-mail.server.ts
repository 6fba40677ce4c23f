import { eq, inArray } from 'drizzle-orm'
import { describeHours } from '~/contracts/hours-words'
import type { Db } from '~/db/client.server'
import { readTogether } from '~/db/read-together.server'
import { offeringHours, offerings, organisations, users } from '~/db/schema'
import type { CalendarDateString } from '~/server/billing/calendar'
import { notFound } from '../service-input.server'
import {
  findPriceChangePrices,
  findPriceRiseNoticeDays,
  planPriceChange,
  type SubscriptionRow,
} from './manage-subscription.server'
import {
  assertPriceRiseNotice,
  type OfferingWords,
  type Price,
  priceChangeNotice,
} from './price-change-rules.server'

/**
 * The e-mail a member gets about moving from `from` to `to` on `on`, the day the change takes effect:
 * what scheduling it sends. The prices are the caller's (scheduling has just read them).
 */
export async function memberPriceChangeNotice(options: {
  db: Db
  subscription: SubscriptionRow
  from: Price
  to: Price
  on: CalendarDateString
}) {
  const { db, subscription } = options
  const [[member], [organisation]] = await readTogether(db, [
    () => db.select().from(users).where(eq(users.id, subscription.userId)),
    () => db.select().from(organisations).where(eq(organisations.id, subscription.organisationId)),
  ])
  if (!member || !organisation) throw notFound('Member')
  const offerings = await findOfferingWords(db, [options.from.offeringId, options.to.offeringId])
  return priceChangeNotice({
    organisationName: organisation.name,
    member,
    subscription,
    from: options.from,
    to: options.to,
    on: options.on,
    offerings,
  })
}

/** The offerings' names and opening hours in words, by id, for price-change notices. */
export async function findOfferingWords(
  db: Db,
  offeringIds: readonly number[],
): Promise<Map<number, OfferingWords>> {
  const ids = [...new Set(offeringIds)]
  if (ids.length === 0) return new Map()
  const [rows, hours] = await readTogether(db, [
    () =>
      db.select({ id: offerings.id, name: offerings.name }).from(offerings).where(inArray(offerings.id, ids)),
    () =>
      db
        .select({
          offeringId: offeringHours.offeringId,
          day: offeringHours.day,
          openAt: offeringHours.openAt,
          closeAt: offeringHours.closeAt,
        })
        .from(offeringHours)
        .where(inArray(offeringHours.offeringId, ids)),
  ])
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, hours: describeHours(hours.filter((window) => window.offeringId === row.id)) },
    ]),
  )
}

/**
 * The e-mail a member would get about moving to `priceId` on `date`, or when the change would take
 * effect without one (a term membership's term end and grace, else the end of the current period),
 * without sending it: staff read it before they schedule the change. The rules and the day are the
 * scheduling's own (`price-change-rules.server.ts`), so the preview names the day the member will be
 * told, and a change scheduling would refuse (a day in the past, the price it is on) is refused here too.
 */
export async function previewPriceChangeMail(options: {
  db: Db
  now: Date
  subscription: SubscriptionRow
  priceId: number
  date?: CalendarDateString | null | undefined
}) {
  const { db, now, subscription, date } = options
  const { from, to } = await findPriceChangePrices(options)
  const { takesEffectOn } = await planPriceChange({ db, now, subscription, from, to, date })
  // A rise with too little notice is refused here too, in the words scheduling would use.
  const noticeDays = await findPriceRiseNoticeDays({ db, organisationId: subscription.organisationId })
  assertPriceRiseNotice({ subscription, from, to, takesEffectOn, noticeDays, now })
  const mail = await memberPriceChangeNotice({ db, subscription, from, to, on: takesEffectOn })
  return { ...mail, takes_effect_on: takesEffectOn }
}
