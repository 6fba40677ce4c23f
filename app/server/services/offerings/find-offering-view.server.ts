import type { OfferingViewer } from '~/access/catalogue.server'
import type { Db } from '~/db/client.server'
import { findPrices } from '../prices/find-prices.server'
import { findOfferingDetail } from './find-offerings.server'

/** An offering as its page shows it to `viewer`: its detail and the prices they see. */
export async function findOfferingView(options: {
  db: Db
  now: Date
  viewer: OfferingViewer
  offeringId: number
}) {
  const { db, now, viewer, offeringId } = options
  const detail = await findOfferingDetail({ db, now, organisationId: viewer.organisationId, offeringId })
  const prices = await findPrices({ db, now, viewer, filter: { offeringId } })
  return { detail, prices, viewer }
}
