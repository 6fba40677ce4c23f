import { eq } from 'drizzle-orm'
import { unrecognisedJoinLinkMessage } from '~/contracts/catalogue'
import type { BillingFrequency } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { ageBypassLinks, gyms, offerings, organisations, prices, privatePriceLinks } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { couldBeJoinLinkToken } from './join-link-token.server'

export const joinLinkGoneMessage =
  'This link has expired or has already been used. Ask the gym for a new one.'

/** A price link whose price (or its offering) has been archived: it is no longer sold. */
export const joinLinkOffSaleMessage =
  'The membership this link offers is no longer on sale. Ask the gym for a new link.'

/** What decides whether a join link still works, whichever kind it is. */
export interface JoinLinkState {
  expiresAt: Date | null
  usedAt: Date | null
  /** A link that lets someone under the minimum age in is spent by its first use (ADR 013). */
  singleUse: boolean
  /** A price link sells its price: archiving the price or its offering withdraws the link. */
  onSale: boolean
}

/**
 * The one rule for whether a join link may still be used (ADR 013, ADR 018): it is on sale, has not
 * expired, and, when it is single use, has not been used. The join page's lookup and registration both
 * come through here, so the page never shows a link that registration would refuse, or the reverse.
 */
export function isJoinLinkUsable(options: { link: JoinLinkState; now: Date }): boolean {
  const { link, now } = options
  if (!link.onSale) return false
  if (link.expiresAt !== null && link.expiresAt <= now) return false
  return !(link.singleUse && link.usedAt !== null)
}

export type UsableJoinLink =
  | {
      kind: 'price'
      id: number
      organisationId: number
      organisationName: string
      ageBypass: boolean
      price: {
        id: number
        amount: number
        billingFrequency: BillingFrequency
        joiningFee: number
        /** The one gym the price is for; null when it applies at every gym of its offering. */
        gym: { id: number; uuid: string; name: string } | null
      }
      offering: { id: number; name: string; allGymsAccess: boolean }
    }
  | { kind: 'age_bypass'; id: number; organisationId: number; organisationName: string }

/**
 * The join link a token names, if it may still be used (`isJoinLinkUsable`); null when there is no such
 * link or it no longer works. The token is the link's only secret and is unique across organisations;
 * callers that act for one organisation check `organisationId` themselves.
 */
export async function findUsableJoinLink(options: {
  db: Db
  now: Date
  token: string
}): Promise<UsableJoinLink | null> {
  const found = await findJoinLink(options)
  return found && found.refusal === null ? found.link : null
}

/**
 * The join link a token names, with why it can no longer be used (in words for the join page), or null
 * when no link has this token.
 */
export async function findJoinLink(options: {
  db: Db
  now: Date
  token: string
}): Promise<{ link: UsableJoinLink; refusal: string | null } | null> {
  const { db, now, token } = options
  const [priceLink] = await db
    .select({
      link: privatePriceLinks,
      organisationName: organisations.name,
      price: prices,
      offering: { id: offerings.id, name: offerings.name, allGymsAccess: offerings.allGymsAccess },
      offeringArchivedAt: offerings.archivedAt,
      gym: { id: gyms.id, uuid: gyms.uuid, name: gyms.name },
    })
    .from(privatePriceLinks)
    .innerJoin(prices, eq(prices.id, privatePriceLinks.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(organisations, eq(organisations.id, privatePriceLinks.organisationId))
    .leftJoin(gyms, eq(gyms.id, prices.gymId))
    .where(eq(privatePriceLinks.token, token))
  if (priceLink) {
    const { link, price } = priceLink
    const state = {
      expiresAt: link.expiresAt,
      usedAt: link.usedAt,
      singleUse: link.ageBypass,
      onSale: price.archivedAt === null && priceLink.offeringArchivedAt === null,
    }
    const refusal = isJoinLinkUsable({ link: state, now })
      ? null
      : state.onSale
        ? joinLinkGoneMessage
        : joinLinkOffSaleMessage
    const found: UsableJoinLink = {
      kind: 'price',
      id: link.id,
      organisationId: link.organisationId,
      organisationName: priceLink.organisationName,
      ageBypass: link.ageBypass,
      price: {
        id: price.id,
        amount: price.amount,
        billingFrequency: price.billingFrequency,
        joiningFee: price.joiningFee,
        gym: priceLink.gym,
      },
      offering: priceLink.offering,
    }
    return { link: found, refusal }
  }

  const [bypass] = await db
    .select({ link: ageBypassLinks, organisationName: organisations.name })
    .from(ageBypassLinks)
    .innerJoin(organisations, eq(organisations.id, ageBypassLinks.organisationId))
    .where(eq(ageBypassLinks.token, token))
  if (!bypass) return null
  const state = {
    expiresAt: bypass.link.expiresAt,
    usedAt: bypass.link.usedAt,
    singleUse: true,
    onSale: true,
  }
  return {
    link: {
      kind: 'age_bypass',
      id: bypass.link.id,
      organisationId: bypass.link.organisationId,
      organisationName: bypass.organisationName,
    },
    refusal: isJoinLinkUsable({ link: state, now }) ? null : joinLinkGoneMessage,
  }
}

/**
 * The join page's link: the one a token names, or a 404 saying why not — a token we could never have
 * made was mistyped or cut short (said so, rather than "expired"), and a link that no longer works
 * says why.
 */
export async function findJoinPageLink(options: {
  db: Db
  now: Date
  token: string
}): Promise<UsableJoinLink> {
  if (!couldBeJoinLinkToken(options.token)) throw new AppError('NOT_FOUND', unrecognisedJoinLinkMessage)
  const found = await findJoinLink(options)
  if (!found) throw new AppError('NOT_FOUND', unrecognisedJoinLinkMessage)
  if (found.refusal) throw new AppError('NOT_FOUND', found.refusal)
  return found.link
}
