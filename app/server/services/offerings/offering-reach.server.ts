import type { OfferingType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { offeringGyms, offeringHours } from '~/db/schema'
import { assertOrganisationGyms } from '../gyms/assert-organisation-gyms.server'
import { validationError } from '../service-input.server'

/**
 * Where and when an offering may be used, checked the same on create and on edit (SPEC §5): a 24/7
 * offering has no hours, a limited one with hours mandated has at least one day, and unless every gym
 * has access at least one of the organisation's own gyms is named. Returns the gyms, once each.
 */
export async function checkOfferingReach(options: {
  db: Db
  organisationId: number
  type: OfferingType
  hoursMandated: boolean
  hourCount: number
  allGymsAccess: boolean
  gyms: readonly number[]
}): Promise<number[]> {
  if (options.type === '24_7' && options.hourCount > 0) {
    throw validationError('hours', 'A 24/7 offering has no opening hours.')
  }
  if (options.type === 'limited_access' && options.hoursMandated && options.hourCount === 0) {
    throw validationError('hours', 'Add at least one day')
  }
  const gymIds = options.allGymsAccess ? [] : [...new Set(options.gyms)]
  if (!options.allGymsAccess && gymIds.length === 0) throw validationError('gyms', 'Select at least one gym')
  await assertOrganisationGyms({ db: options.db, organisationId: options.organisationId, gymIds })
  return gymIds
}

/** An offering's opening hours as rows to insert, on create and on edit alike. */
export function offeringHourRows(options: {
  organisationId: number
  offeringId: number
  hours: readonly { day: number; openAt: string; closeAt: string }[]
  now: Date
}) {
  return options.hours.map((window) => ({
    organisationId: options.organisationId,
    offeringId: options.offeringId,
    day: window.day,
    openAt: window.openAt,
    closeAt: window.closeAt,
    createdAt: options.now,
    updatedAt: options.now,
  }))
}

/**
 * Writes where and when the offering may be used, on create and on edit alike (after the edit deletes the
 * old rows): its gyms, unless every gym has access, and its opening hours, which it answers.
 */
export async function insertOfferingReach(
  tx: Db,
  options: Parameters<typeof offeringHourRows>[0] & { gymIds: readonly number[] },
) {
  const { organisationId, offeringId, now } = options
  if (options.gymIds.length > 0) {
    await tx
      .insert(offeringGyms)
      .values(options.gymIds.map((gymId) => ({ organisationId, offeringId, gymId, createdAt: now })))
  }
  return options.hours.length === 0
    ? []
    : tx.insert(offeringHours).values(offeringHourRows(options)).returning()
}
