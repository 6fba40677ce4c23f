import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import type { UpdateMemberRequest } from '~/features/members/contract'
import { recordAudit } from '~/server/services/audit/record-audit.server'

type Fields = Required<{ [Key in keyof UpdateMemberRequest]: Exclude<UpdateMemberRequest[Key], undefined> }>

/** The columns the member's details live in. */
const columns = {
  name: 'name',
  mobile_number: 'mobileNumber',
  dob: 'dob',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  post_code: 'postCode',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_relationship: 'emergencyContactRelationship',
  emergency_contact_mobile_number: 'emergencyContactMobileNumber',
  emergency_contact_email: 'emergencyContactEmail',
  tags: 'tags',
  notes: 'notes',
  email_notifications_enabled: 'emailNotificationsEnabled',
  push_notifications_enabled: 'pushNotificationsEnabled',
  payment_reminders: 'paymentReminders',
} as const satisfies Record<keyof Fields, keyof typeof users.$inferSelect>

const words: Record<keyof Fields, string> = {
  name: 'name',
  mobile_number: 'mobile',
  dob: 'date of birth',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  post_code: 'post code',
  emergency_contact_name: 'emergency contact',
  emergency_contact_relationship: 'emergency contact',
  emergency_contact_mobile_number: 'emergency contact',
  emergency_contact_email: 'emergency contact',
  tags: 'tags',
  notes: 'notes',
  email_notifications_enabled: 'preferences',
  push_notifications_enabled: 'preferences',
  payment_reminders: 'preferences',
}

/**
 * Staff change a member's details (issue 15). Empty optional text is kept as no answer; the audit line
 * names what changed and keeps each field's before and after (`{ field: [before, after] }`), in the same
 * transaction as the change.
 */
export async function updateMember(options: {
  db: Db
  organisationId: number
  actorUserId: number
  memberId: number
  fields: Fields
}) {
  const { db, fields } = options
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, options.memberId)).for('update')
    if (!before) throw new Error('The member disappeared')
    const values: Partial<typeof users.$inferInsert> = {}
    const changes: Record<string, [unknown, unknown]> = {}
    for (const [field, column] of Object.entries(columns) as Array<
      [keyof Fields, (typeof columns)[keyof Fields]]
    >) {
      const raw = fields[field]
      const next = typeof raw === 'string' && raw === '' && field !== 'name' ? null : raw
      const previous = before[column]
      if (JSON.stringify(previous ?? null) === JSON.stringify(next ?? null)) continue
      Object.assign(values, { [column]: next })
      changes[field] = [previous ?? null, next ?? null]
    }
    if (Object.keys(values).length === 0) return { changed: [] as string[] }
    await tx.update(users).set(values).where(eq(users.id, options.memberId))
    const changed = [...new Set(Object.keys(changes).map((field) => words[field as keyof Fields]))]
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.actorUserId,
      action: 'member.updated',
      subjectType: 'member',
      subjectId: options.memberId,
      changes: { description: `Details changed: ${changed.join(', ')}`, ...changes },
    })
    return { changed }
  })
}
