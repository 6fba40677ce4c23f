import type { Db } from '~/db/client.server'
import { setArchived } from '../catalogue/set-archived.server'

/**
 * Puts an archived offering back on sale (SPEC §4): its prices that are not archived themselves are sold
 * again, and their private links work again. Restoring an offering on sale changes nothing.
 */
export function restoreOffering(options: { db: Db; now: Date; organisationId: number; offeringId: number }) {
  return setArchived({ ...options, what: 'Offering', id: options.offeringId, archived: false })
}
