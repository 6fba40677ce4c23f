import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { ageBypassLinks, offeringGyms, privatePriceLinks } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { calendarDateAt } from '~/server/billing/calendar'
import { findUsableJoinLink, joinLinkGoneMessage } from '../join-links/find-usable-join-link.server'

/** Joining online takes this age; younger applicants need a gym's age-bypass link (ADR 013). */
export const MINIMUM_JOIN_AGE = 16

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
 * lets them through, consuming it. Whether the link still works at all is `findUsableJoinLink`'s rule,
 * the one the join page shows; this adds only what registration knows: the gym and the applicant's
 * age. Call inside the registration's transaction so a failed sign-up gives the link back.
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
  const link = await findUsableJoinLink({ db, now, token })
  if (!link || link.organisationId !== organisationId) throw linkError(joinLinkGoneMessage)

  if (link.kind === 'price') {
    const priceGymId = link.price.gym?.id ?? null
    if (priceGymId !== null && priceGymId !== gymId) throw linkError(linkForAnotherGymMessage)
    if (priceGymId === null && !link.offering.allGymsAccess) {
      const [atGym] = await db
        .select({ gymId: offeringGyms.gymId })
        .from(offeringGyms)
        .where(and(eq(offeringGyms.offeringId, link.offering.id), eq(offeringGyms.gymId, gymId)))
      if (!atGym) throw linkError(linkForAnotherGymMessage)
    }
    if (!underAge) return { priceLinkId: link.id, ageBypassLinkId: null, ageBypass: false }
    if (!link.ageBypass)
      throw new AppError('VALIDATION', tooYoungMessage, { fieldErrors: { dob: [tooYoungMessage] } })
    // `used_at` still empty in the update itself: of two sign-ups racing for the link, one wins.
    const [used] = await db
      .update(privatePriceLinks)
      .set({ usedAt: now })
      .where(and(eq(privatePriceLinks.id, link.id), isNull(privatePriceLinks.usedAt)))
      .returning({ id: privatePriceLinks.id })
    if (!used) throw linkError(joinLinkGoneMessage)
    return { priceLinkId: link.id, ageBypassLinkId: null, ageBypass: true }
  }

  // An adult signing up through an age-bypass link doesn't need it; leave it for the one it was made for.
  if (!underAge) return none
  const [used] = await db
    .update(ageBypassLinks)
    .set({ usedAt: now })
    .where(and(eq(ageBypassLinks.id, link.id), isNull(ageBypassLinks.usedAt)))
    .returning({ id: ageBypassLinks.id })
  if (!used) throw linkError(joinLinkGoneMessage)
  return { priceLinkId: null, ageBypassLinkId: link.id, ageBypass: true }
}
