import type { Db } from '~/db/client.server'
import { setArchived } from '../catalogue/set-archived.server'

/**
 * Takes an offering off sale (SPEC §4): it stops being offered to new members; memberships on its prices
 * carry on and bill as before. Archiving twice keeps the first date.
 */
export function archiveOffering(options: { db: Db; now: Date; organisationId: number; offeringId: number }) {
  return setArchived({ ...options, what: 'Offering', id: options.offeringId, archived: true })
}
