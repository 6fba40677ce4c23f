import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { recordAudit } from '../audit/record-audit.server'

export interface GymContactInput {
  email: string | null
  phone: string | null
  address: string | null
}

/** Empty and missing are the same to a member: nothing to call or write to. */
const given = (value: string | null) => {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/**
 * How members reach a gym (issue 28): its e-mail, phone and address, shown on each member's account
 * page. An empty part clears it. Saved with an audit line naming each part that changed, before and
 * after, in one transaction; a save that changes nothing writes no line.
 */
export async function updateGymContact(options: {
  db: Db
  now: Date
  organisationId: number
  gymId: number
  actorId: number
  contact: GymContactInput
}): Promise<void> {
  const after = {
    email: given(options.contact.email),
    phone: given(options.contact.phone),
    address: given(options.contact.address),
  }
  await options.db.transaction(async (tx) => {
    const [gym] = await tx
      .select({ id: gyms.id, email: gyms.contactEmail, phone: gyms.contactPhone, address: gyms.address })
      .from(gyms)
      .where(and(eq(gyms.id, options.gymId), ownedBy(gyms, options.organisationId)))
      .for('update')
    if (!gym) throw new AppError('NOT_FOUND', 'Gym not found.')
    const changes = Object.fromEntries(
      (['email', 'phone', 'address'] as const)
        .filter((part) => gym[part] !== after[part])
        .map((part) => [part, { from: gym[part], to: after[part] }]),
    )
    if (Object.keys(changes).length === 0) return
    await tx
      .update(gyms)
      .set({
        contactEmail: after.email,
        contactPhone: after.phone,
        address: after.address,
        updatedAt: options.now,
      })
      .where(eq(gyms.id, gym.id))
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actorId,
      action: 'gym.contact_changed',
      subjectType: 'gym',
      subjectId: gym.id,
      changes,
    })
  })
}
