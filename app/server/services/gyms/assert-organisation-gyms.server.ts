import { and, inArray } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'

/**
 * Checks that every one of `gymIds` is a gym of the organisation. Another organisation's gym is reported
 * as unknown, never as "not yours", so ids of other tenants leak nothing.
 */
export async function assertOrganisationGyms(options: {
  db: Db
  organisationId: number
  gymIds: readonly number[]
  field?: string
}): Promise<void> {
  const { db, organisationId, field = 'gyms' } = options
  const gymIds = [...new Set(options.gymIds)]
  if (gymIds.length === 0) return
  const rows = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(ownedBy(gyms, organisationId), inArray(gyms.id, gymIds)))
  if (rows.length !== gymIds.length) {
    const message = 'The selected gym is invalid.'
    throw new AppError('VALIDATION', message, { fieldErrors: { [field]: [message] } })
  }
}
