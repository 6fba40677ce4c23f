import { and, eq, isNull } from 'drizzle-orm'
import { users } from '~/db/schema'
import { recordAudit } from '../audit/record-audit.server'
import { notFound } from '../service-input.server'
import type { MemberSelf } from './find-account-details.server'

export interface ContactDetails {
  mobileNumber: string
  address: string
  suburb: string
  city: string
  postCode: string
  emergencyContactName: string
  emergencyContactRelationship: string
  emergencyContactMobileNumber: string
  emergencyContactEmail: string
}

const labels: Record<keyof ContactDetails, string> = {
  mobileNumber: 'mobile',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  postCode: 'post code',
  emergencyContactName: 'emergency contact’s name',
  emergencyContactRelationship: 'emergency contact’s relationship',
  emergencyContactMobileNumber: 'emergency contact’s mobile',
  emergencyContactEmail: 'emergency contact’s e-mail',
}

/**
 * The member changes their mobile, address and emergency contact on their account (issue 28), as
 * "About you" saves them (an empty optional answer is no answer). The history line names what changed,
 * with the member as who changed it; nothing changed, nothing is written.
 */
export async function updateContactDetails(options: MemberSelf & { fields: ContactDetails }) {
  const { db, now, fields } = options
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, options.userId), isNull(users.deletedAt)))
      .for('update')
    if (!before) throw notFound('Member')
    const blank = (value: string) => (value === '' ? null : value)
    const next = {
      mobileNumber: fields.mobileNumber,
      address: fields.address,
      suburb: blank(fields.suburb),
      city: fields.city,
      postCode: fields.postCode,
      emergencyContactName: fields.emergencyContactName,
      emergencyContactRelationship: fields.emergencyContactRelationship,
      emergencyContactMobileNumber: fields.emergencyContactMobileNumber,
      emergencyContactEmail: blank(fields.emergencyContactEmail),
    }
    const changed = (Object.keys(next) as Array<keyof typeof next>).filter((key) => before[key] !== next[key])
    if (changed.length === 0) return before
    const [updated] = await tx
      .update(users)
      .set({ ...next, updatedAt: now })
      .where(eq(users.id, before.id))
      .returning()
    if (!updated) throw notFound('Member')
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.userId,
      action: 'member.details_changed_by_member',
      subjectType: 'member',
      subjectId: options.userId,
      changes: {
        description: `Changed their own details on their account: ${changed.map((key) => labels[key]).join(', ')}`,
        ...Object.fromEntries(changed.map((key) => [key, { from: before[key], to: next[key] }])),
      },
    })
    return updated
  })
}
