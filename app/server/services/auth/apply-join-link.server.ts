import { and, eq, gt, isNull, or } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client.server'
import { ageBypassLinks, offeringGyms, offerings, prices, privatePriceLinks } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { calendarDateAt } from '~/server/billing/calendar'

/** Joining online takes this age; younger applicants need a gym's age-bypass link (ADR 013). */
export const MINIMUM_JOIN_AGE = 16

export const joinLinkGoneMessage =
  'This link has expired or has already been used. Ask the gym for a new one.'
export const tooYoungMessage = `You need to be ${MINIMUM_JOIN_AGE} or older to join online. Ask the gym for a sign-up link.`
export const linkForAnotherGymMessage = 'This link is for another gym.'

export interface JoinLinkUse {
  priceLinkId: number | null
  ageBypassLinkId: number | null
  ageBypass: boolean
}

/** Whole years from `dob` to `today` (both `YYYY-MM-DD`): a birthday counts on its day. */
export function ageOn(dob: string, today: string): number {
  const [birthYear, birthRest] = [Number(dob.slice(0, 4)), dob.slice(5)]
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(5)]
  return year - birthYear - (rest < birthRest ? 1 : 0)
}

function linkError(message: string) {
  return new AppError('VALIDATION', message, { fieldErrors: { link: [message] } })
}

/**
 * Checks a join link for a sign-up at `gym` and, when the applicant is under the minimum age, that it
 * lets them through, consuming it. A bypass is single use: the update only wins while `used_at` is
 * empty, so two sign-ups racing for one link cannot both use it. Call inside the registration's
 * transaction so a failed sign-up gives the link back.
 */
export async function applyJoinLink(options: {
  db: Db
  now: Date
  token: string | undefined
  organisationId: number
  gymId: number
  dob: string
}): Promise<JoinLinkUse> {
  const { db, now, token, organisationId, gymId } = options
  const underAge = ageOn(options.dob, calendarDateAt(now)) < MINIMUM_JOIN_AGE
  const none: JoinLinkUse = { priceLinkId: null, ageBypassLinkId: null, ageBypass: false }
  if (!token) {
    if (underAge)
      throw new AppError('VALIDATION', tooYoungMessage, { fieldErrors: { dob: [tooYoungMessage] } })
    return none
  }
  const live = (expiresAt: AnyPgColumn) => or(isNull(expiresAt), gt(expiresAt, now))

  const [priceLink] = await db
    .select({
      id: privatePriceLinks.id,
      ageBypass: privatePriceLinks.ageBypass,
      usedAt: privatePriceLinks.usedAt,
      priceGymId: prices.gymId,
      allGymsAccess: offerings.allGymsAccess,
      offeringId: offerings.id,
    })
    .from(privatePriceLinks)
    .innerJoin(prices, eq(prices.id, privatePriceLinks.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .where(
      and(
        eq(privatePriceLinks.token, token),
        eq(privatePriceLinks.organisationId, organisationId),
        isNull(prices.archivedAt),
        isNull(offerings.archivedAt),
        live(privatePriceLinks.expiresAt),
      ),
    )
  if (priceLink) {
    if (priceLink.priceGymId !== null && priceLink.priceGymId !== gymId)
      throw linkError(linkForAnotherGymMessage)
    if (priceLink.priceGymId === null && !priceLink.allGymsAccess) {
      const [atGym] = await db
        .select({ gymId: offeringGyms.gymId })
        .from(offeringGyms)
        .where(and(eq(offeringGyms.offeringId, priceLink.offeringId), eq(offeringGyms.gymId, gymId)))
      if (!atGym) throw linkError(linkForAnotherGymMessage)
    }
    if (!underAge) return { priceLinkId: priceLink.id, ageBypassLinkId: null, ageBypass: false }
    if (!priceLink.ageBypass)
      throw new AppError('VALIDATION', tooYoungMessage, { fieldErrors: { dob: [tooYoungMessage] } })
    const [used] = await db
      .update(privatePriceLinks)
      .set({ usedAt: now })
      .where(and(eq(privatePriceLinks.id, priceLink.id), isNull(privatePriceLinks.usedAt)))
      .returning({ id: privatePriceLinks.id })
    if (!used) throw linkError(joinLinkGoneMessage)
    return { priceLinkId: priceLink.id, ageBypassLinkId: null, ageBypass: true }
  }

  const [bypass] = await db
    .select({ id: ageBypassLinks.id })
    .from(ageBypassLinks)
    .where(
      and(
        eq(ageBypassLinks.token, token),
        eq(ageBypassLinks.organisationId, organisationId),
        isNull(ageBypassLinks.usedAt),
        live(ageBypassLinks.expiresAt),
      ),
    )
  if (!bypass) throw linkError(joinLinkGoneMessage)
  // An adult signing up through an age-bypass link doesn't need it; leave it for the one it was made for.
  if (!underAge) return none
  const [used] = await db
    .update(ageBypassLinks)
    .set({ usedAt: now })
    .where(and(eq(ageBypassLinks.id, bypass.id), isNull(ageBypassLinks.usedAt)))
    .returning({ id: ageBypassLinks.id })
  if (!used) throw linkError(joinLinkGoneMessage)
  return { priceLinkId: null, ageBypassLinkId: bypass.id, ageBypass: true }
}
