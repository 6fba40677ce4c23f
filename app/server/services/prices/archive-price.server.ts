import type { Db } from '~/db/client.server'
import { setArchived } from '../catalogue/set-archived.server'

/**
 * Takes a price off sale (SPEC §4): new members can no longer choose it and its private links stop
 * working; memberships already on it keep billing at it.
 */
export function archivePrice(options: { db: Db; now: Date; organisationId: number; priceId: number }) {
  return setArchived({ ...options, what: 'Price', id: options.priceId, archived: true })
}
