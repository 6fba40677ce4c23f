import { fetchMembershipQuote } from './payment.functions'

/** What joining on a price from a day costs, as the API answered (a refusal in words). */
export type QuoteAnswer = Awaited<ReturnType<typeof fetchMembershipQuote>>

/** A quote read for a price and a first day: the confirm step's loader reads the first price's. */
export interface QuoteRead {
  priceId: number
  startDate: string
  answer: QuoteAnswer
}

/**
 * Asks what joining on `priceId` from `startDate` costs. A module of its own, so the confirm step's
 * loader (split from the page by the router) doesn't carry the page with it.
 */
export function readQuote(priceId: number, startDate: string): Promise<QuoteAnswer> {
  return fetchMembershipQuote({ data: { price_id: String(priceId), start_date: startDate } })
}
