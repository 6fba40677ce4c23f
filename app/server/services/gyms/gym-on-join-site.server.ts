import { eq, type SQL, sql } from 'drizzle-orm'
import { organisationFrequencyOf } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { destinationAccounts, gyms, offeringGyms, offerings, organisations, prices } from '~/db/schema'

/**
 * When a gym is on the join site (issue 25): only when it can sell — a price on sale there and a way
 * to be paid. One rule, read by the join site's gym list, sign-up, and the gym's page in the console
 * (which says what is missing). Each condition is SQL over a gym's id, for one query however many gyms.
 */

/** The outer query's gyms row, named in full (a one-table select writes its own columns bare). */
export const outerGymId = sql`${sql.raw('"gyms"')}.id`

const frequencySetting = sql.join(
  Object.entries(organisationFrequencyOf).map(
    ([frequency, setting]) => sql`when ${frequency} then ${setting}`,
  ),
  sql` `,
)

/**
 * A price on sale at the gym, as the join site lists them (`findJoinOfferings`): a public price, not
 * archived, of an offering not archived that gives access there, the gym's own or offering-wide, in a
 * billing frequency the organisation has switched on.
 */
export function priceOnSaleAt(gymId: SQL): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${prices} p
    join ${offerings} o on o.id = p.offering_id
    join ${organisations} org on org.id = o.organisation_id
    join ${gyms} g on g.id = ${gymId} and g.organisation_id = o.organisation_id
    where p.archived_at is null and not p.private and o.archived_at is null
      and (p.gym_id is null or p.gym_id = g.id)
      and (o.all_gyms_access or exists (
        select 1 from ${offeringGyms} og where og.offering_id = o.id and og.gym_id = g.id))
      and (case p.billing_frequency ${frequencySetting} end) = any(org.price_frequencies))`
}

/** A bank account the gym's bank payments are paid into. */
export function bankAccountAt(gymId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${destinationAccounts} a where a.gym_id = ${gymId})`
}

/** The gym's card account is connected and takes charges (`gymTakesCards`'s rule in SQL). */
export function cardAccountAt(gymId: SQL): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${gyms} c where c.id = ${gymId} and c.stripe_id is not null and c.stripe_charges_enabled)`
}

export interface JoinSiteReadiness {
  priceOnSale: boolean
  bankAccount: boolean
  cardAccount: boolean
}

/** On the join site: something to sell, and somewhere for the money to go (a bank account or cards). */
export function isOnJoinSite(gym: JoinSiteReadiness): boolean {
  return gym.priceOnSale && (gym.bankAccount || gym.cardAccount)
}

/** What keeps a gym off the join site, in an owner's words; empty when it is on it. */
export function joinSiteMissing(gym: JoinSiteReadiness): string[] {
  const missing: string[] = []
  if (!gym.priceOnSale) missing.push('add a price on sale at this gym')
  if (!gym.bankAccount && !gym.cardAccount) {
    missing.push('add a bank account to be paid into, or connect card payments')
  }
  return missing
}

/** The three conditions of a gym, as columns of a select over `gyms`. */
export const joinSiteColumns = {
  priceOnSale: priceOnSaleAt(outerGymId).mapWith(Boolean),
  bankAccount: bankAccountAt(outerGymId).mapWith(Boolean),
  cardAccount: cardAccountAt(outerGymId).mapWith(Boolean),
}

export const notOnJoinSiteMessage = (gymName: string) =>
  `${gymName} isn’t taking sign-ups online yet. Choose another gym, or ask ${gymName} how to join.`

/** One gym's conditions (null for no such gym). */
export async function findJoinSiteReadiness(options: {
  db: Db
  gymId: number
}): Promise<JoinSiteReadiness | null> {
  const [row] = await options.db.select(joinSiteColumns).from(gyms).where(eq(gyms.id, options.gymId))
  return row ?? null
}
